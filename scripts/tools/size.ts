/**
 * `bun run tools:size`: what a client pays for the tool list on every session, per profile. Starts
 * the headless server on a temp copy of the demo vault, adds one token per profile, and measures
 * the tools/list result each token gets from the real endpoint (bytes of its JSON, and about a
 * quarter of that in tokens). Exits non-zero if a profile is over its budget.
 */
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import {
  addToken,
  toolListBudget,
} from '../../packages/obsidian-plugin/src/features/tool-policy/index.ts';
import { DEMO_VAULT } from '../../packages/headless/src/commands/demo.ts';
import { serveVault } from '../../packages/headless/src/serve.ts';
import { copyVault } from '../../packages/headless/src/test-support/temp-vault.ts';

async function listBytes(url: string, secret: string): Promise<{ tools: number; bytes: number }> {
  const client = new Client({ name: 'tools-size', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(url), {
      requestInit: { headers: { Authorization: `Bearer ${secret}` } },
    }),
  );
  const result = await client.listTools();
  await client.close();
  return { tools: result.tools.length, bytes: Buffer.byteLength(JSON.stringify(result)) };
}

const vault = await copyVault(DEMO_VAULT);
const server = await serveVault({ vault: vault.root, port: 0 });
let overBudget = false;
try {
  const profiles = [
    ['all', await addToken(server.settings, 'all', { profile: 'all' })],
    ['core', await addToken(server.settings, 'core', { profile: 'core' })],
    ['adaptive (fresh)', await addToken(server.settings, 'adaptive', { profile: 'adaptive' })],
    [
      'all, read-only',
      await addToken(server.settings, 'read-only', { profile: 'all', readOnly: true }),
    ],
  ] as const;
  console.log('profile            tools   bytes  ~tokens  budget');
  for (const [name, token] of profiles) {
    const { tools, bytes } = await listBytes(server.url, token.secret);
    const budget = toolListBudget(name, tools);
    if (budget !== null && bytes > budget) overBudget = true;
    console.log(
      `${name.padEnd(18)} ${String(tools).padStart(5)} ${String(bytes).padStart(7)} ${String(Math.round(bytes / 4)).padStart(8)}  ${budget === null ? '' : `${budget} ${bytes <= budget ? 'ok' : 'OVER'}`}`,
    );
  }
} finally {
  await server.close();
  await vault.remove();
}
process.exit(overBudget ? 1 : 0);
