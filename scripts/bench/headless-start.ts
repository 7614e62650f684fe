/**
 * `bun run bench:headless`: what a user of the built CLI waits for. The bundle's size, then for
 * Node and Bun the time from starting `serve` on a temp copy of the test vault to the first
 * answer: over HTTP (spawn `serve --json --port 0`, then a tools/list through the official
 * client) and over stdio (the client launches `serve --stdio --token`, connects and lists the
 * tools). Median, min and max of RUNS cold starts each; every start scans the whole vault.
 */
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { stat } from 'node:fs/promises';
import { startChildServer } from '../../packages/headless/src/test-support/child-server.ts';
import {
  BUILT_CLI,
  builtCliLaunch,
  connectStdioCli,
  type CliLaunch,
} from '../../packages/headless/src/test-support/cli-process.ts';
import { copyVault } from '../../packages/headless/src/test-support/temp-vault.ts';
import { SettingsStore } from '../../packages/obsidian-plugin/src/features/settings/index.ts';
import { ensureDefaultToken } from '../../packages/obsidian-plugin/src/features/tool-policy/index.ts';
import { settingsPathOf } from '../../packages/headless/src/serve.ts';
import { formatMs, summarize } from './measure.ts';

const RUNS = Number(process.env.RUNS ?? 7);

async function httpStart(launch: CliLaunch, vault: string): Promise<number> {
  const started = performance.now();
  const server = await startChildServer(vault, [], { launch });
  try {
    const client = new Client({ name: 'bench', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(server.url, {
        requestInit: { headers: { Authorization: `Bearer ${server.token}` } },
      }),
    );
    await client.listTools();
    const elapsed = performance.now() - started;
    await client.close();
    return elapsed;
  } finally {
    await server.stop();
  }
}

async function stdioStart(launch: CliLaunch, vault: string, tokenId: string): Promise<number> {
  const started = performance.now();
  const connection = await connectStdioCli(launch, vault, tokenId, 'legacy');
  await connection.client.listTools();
  const elapsed = performance.now() - started;
  await connection.close();
  return elapsed;
}

async function sample(measure: () => Promise<number>): Promise<string> {
  const samples: number[] = [];
  for (let run = 0; run < RUNS; run++) samples.push(await measure());
  const stats = summarize(samples);
  return `median ${formatMs(stats.p50)}  min ${formatMs(Math.min(...samples))}  max ${formatMs(Math.max(...samples))}`;
}

async function main(): Promise<void> {
  const node = builtCliLaunch();
  const bun = { runtime: process.execPath, cli: node.cli };
  const bytes = (await stat(BUILT_CLI)).size;
  console.log(
    `bundle: ${BUILT_CLI.split('/').slice(-3).join('/')} ${(bytes / 1024 / 1024).toFixed(2)} MiB (${bytes} bytes)`,
  );
  const vault = await copyVault();
  const settings = await SettingsStore.open(settingsPathOf(vault.root));
  const token = await ensureDefaultToken(settings);
  settings.close();
  try {
    for (const [name, launch] of [
      ['node', node],
      ['bun', bun],
    ] as const) {
      console.log(
        `${name.padEnd(4)} http  start to first tools/list: ${await sample(() => httpStart(launch, vault.root))}  (${RUNS} runs)`,
      );
      console.log(
        `${name.padEnd(4)} stdio start to first tools/list: ${await sample(() => stdioStart(launch, vault.root, token.id))}  (${RUNS} runs)`,
      );
    }
  } finally {
    await vault.remove();
  }
}

await main();
