/**
 * A .mcpb exported with the fallback, end to end: built around the freshly built headless CLI,
 * validated and unpacked with the official `mcpb` CLI, started by Node with nothing on PATH and
 * driven over stdio by the official SDK client. While no server runs for the vault it serves the
 * vault itself with the token's scope (the same tools the token sees over HTTP, writes refused
 * for a read-only token); while a server runs (the headless stand-in for the plugin), it relays
 * to that server. A revoked token never falls back.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { waitFor } from '@mcp-connector/shared/test-support';
import { buildMcpb, type BundleTarget } from '@mcp-connector/obsidian-plugin/client-config';
import { hashingProvider } from '@mcp-connector/obsidian-plugin/semantic-search';
import {
  addToken,
  ensureDefaultToken,
  revokeToken,
} from '@mcp-connector/obsidian-plugin/tool-policy';
import { SettingsStore } from '@mcp-connector/obsidian-plugin/settings';
import type { IssuedToken } from '@mcp-connector/shared';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildHeadless } from '../../../../../scripts/build-headless.ts';
import { serveVault, settingsPathOf } from '../../serve.ts';
import {
  buildVault,
  bundleTargetFor,
  callFail,
  callOk,
  connectStdio,
  emptyPath,
  mcpbCli as mcpb,
  nodeExecutable,
  type StdioTestClient,
  type TempVault,
} from '../../test-support/index.ts';

/** Each bundle start loads the whole CLI into a Node process and scans the vault. */
const STARTS = 60_000;
const semantic = { createProvider: () => hashingProvider(64), onProgress: () => undefined };

let vault: TempVault;
let work: string;
let noPath: string;
let reader: IssuedToken;
let bundleDir: string;
let cliFiles: Record<string, Uint8Array>;
const clients: StdioTestClient[] = [];

beforeAll(async () => {
  vault = await buildVault({
    '.obsidian/app.json': '{}',
    'Welcome.md': '# Welcome\n\nStart with [[Ideas]].\n',
    'Ideas.md': '# Ideas\n\n- a greenhouse\n',
  });
  const settings = await SettingsStore.open(settingsPathOf(vault.root));
  await ensureDefaultToken(settings);
  reader = await addToken(settings, 'Claude Desktop', { profile: 'core', readOnly: true });
  settings.close();
  work = await mkdtemp(join(tmpdir(), 'mcpb-fallback-'));
  noPath = await emptyPath();
  const cli = await buildHeadless(join(work, 'cli'));
  cliFiles = Object.fromEntries(
    await Promise.all(
      cli.files.map(async (name) => [
        name,
        new Uint8Array(await readFile(join(work, 'cli', name))),
      ]),
    ),
  ) as Record<string, Uint8Array>;
  bundleDir = await exportAndUnpack(reader);
}, STARTS);
afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
  await vault.remove();
  await rm(work, { recursive: true, force: true });
  await rm(noPath, { recursive: true, force: true });
});

const targetFor = (record: IssuedToken): BundleTarget => bundleTargetFor(vault.root, record);

async function exportAndUnpack(record: IssuedToken): Promise<string> {
  const file = join(work, `${record.id}.mcpb`);
  await writeFile(file, await buildMcpb(targetFor(record), { fallbackCli: cliFiles }));
  const into = join(work, record.id);
  expect(mcpb('unpack', file, into).status).toBe(0);
  return into;
}

/** The bundle as Claude Desktop starts it: its manifest's command and env, nothing on PATH. */
async function launch(
  dir = bundleDir,
  line: 'legacy' | 'modern' = 'modern',
): Promise<StdioTestClient> {
  const manifest = JSON.parse(await readFile(join(dir, 'manifest.json'), 'utf8')) as {
    server: { mcp_config: { env: Record<string, string> } };
  };
  const client = await connectStdio({
    command: nodeExecutable(),
    args: [join(dir, 'server', 'index.js')],
    // A short connect window: the test need not wait 30 s to learn that nothing answers.
    env: {
      PATH: noPath,
      HOME: process.env.HOME ?? '',
      ...manifest.server.mcp_config.env,
      MCP_CONNECTOR_CONNECT_WINDOW_MS: '300',
    },
    line,
  });
  clients.push(client);
  return client;
}

/** The shim's first log line, which says how it serves: it may reach stderr after the first answer. */
async function howItServes(client: StdioTestClient): Promise<string> {
  await waitFor(() => client.log().includes('[local-mcp-server]'), "the shim's first log line");
  return client.log();
}

async function toolNames(client: StdioTestClient): Promise<string[]> {
  return (await client.client.listTools()).tools.map((tool) => tool.name).sort();
}

describe('a .mcpb with the fallback', () => {
  test('the official mcpb CLI validates it; it carries the CLI and says what the fallback gives up', async () => {
    expect(mcpb('validate', bundleDir).status).toBe(0);
    // The built CLI: cli.mjs, its threads, and the chunks they load (code splitting).
    const carried = (await readdir(join(bundleDir, 'server', 'headless'))).sort();
    expect(carried).toEqual(Object.keys(cliFiles).sort());
    const threads = ['embedder-thread.mjs', 'parse-thread.mjs', 'read-ahead-thread.mjs'];
    for (const name of ['cli.mjs', ...threads, 'stat-thread.mjs']) expect(carried).toContain(name);
    expect(carried.some((name) => name.startsWith('chunk-'))).toBe(true);
    const manifest = await readFile(join(bundleDir, 'manifest.json'), 'utf8');
    expect(manifest).toContain('"MCP_CONNECTOR_FALLBACK_CLI": "headless/cli.mjs"');
    expect(manifest).toContain('no Dataview, Templater or Obsidian commands then');
    expect(manifest).not.toContain(reader.secret);
  });

  test('it asks Claude Desktop for the Node the headless CLI inside needs', async () => {
    const { compatibility } = JSON.parse(
      await readFile(join(bundleDir, 'manifest.json'), 'utf8'),
    ) as { compatibility: { runtimes: { node: string } } };
    const { engines } = JSON.parse(
      await readFile(join(import.meta.dir, '..', '..', '..', 'package.json'), 'utf8'),
    ) as { engines: { node: string } };
    expect(engines.node).toBe('>=20');
    expect(compatibility.runtimes.node).toBe(`${engines.node}.0.0`);
  });

  test(
    'with no server running it serves the vault itself, with the token scope it has over HTTP',
    async () => {
      const bundled = await launch();
      const viaBundle = await toolNames(bundled);
      expect(await howItServes(bundled)).toContain('serving it from this bundle');
      expect(await callOk(bundled.client, 'get_server_info')).toMatchObject({ host: 'headless' });
      const refused = await callFail(bundled.client, 'create_vault_file', {
        path: 'No.md',
        content: 'x',
      });
      expect(refused.code).toBe('tool_not_allowed');
      const read = await callOk(bundled.client, 'get_vault_file', { path: 'Ideas.md' });
      expect(read.content).toBe('# Ideas\n\n- a greenhouse\n');
      // The same token over HTTP, from a server started now: the same list.
      const server = await serveVault({ vault: vault.root, port: 0, semantic });
      try {
        const { Client, StreamableHTTPClientTransport } =
          await import('@modelcontextprotocol/client');
        const http = new Client({ name: 'http', version: '1' });
        await http.connect(
          new StreamableHTTPClientTransport(new URL(server.url), {
            requestInit: { headers: { Authorization: `Bearer ${reader.secret}` } },
          }),
        );
        expect((await http.listTools()).tools.map((tool) => tool.name).sort()).toEqual(viaBundle);
        await http.close();
      } finally {
        await server.close();
      }
    },
    STARTS,
  );

  test(
    'with a server running it relays to that server instead',
    async () => {
      const server = await serveVault({ vault: vault.root, port: 0, semantic });
      try {
        const relayed = await launch();
        expect(await howItServes(relayed)).toContain('relaying stdio');
        expect(relayed.log()).not.toContain('serving it from this bundle');
        // The running server's own state changes: the call went through it.
        expect(server.nodeHost.getActiveFile()).toBeNull();
        await callOk(relayed.client, 'activate_tool', { name: 'show_file_in_obsidian' });
        await callOk(relayed.client, 'show_file_in_obsidian', { filename: 'Ideas.md' });
        expect(server.nodeHost.getActiveFile()).toBe('Ideas.md');
      } finally {
        await server.close();
      }
    },
    STARTS,
  );

  test(
    'a revoked token never falls back: the bundle refuses, naming why',
    async () => {
      const settings = await SettingsStore.open(settingsPathOf(vault.root));
      const doomed = await addToken(settings, 'doomed', {});
      await revokeToken(settings, doomed.id);
      settings.close();
      const refused = await launch(await exportAndUnpack(doomed), 'legacy').then(
        () => null,
        (error: Error) => error,
      );
      // The relay's own refusal (token_unknown), not an answer of a server it started.
      expect(refused?.message).toContain('this token is no longer in the vault');
    },
    STARTS,
  );
});
