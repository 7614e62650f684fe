/**
 * A .mcpb exported with the fallback, end to end: built around the freshly built headless CLI,
 * validated and unpacked with the official `mcpb` CLI, started by Node with nothing on PATH and
 * driven over stdio by the official SDK client. While no server runs for the vault it starts the
 * vault's background server from the CLI it carries and relays to it with the token's scope (the
 * same tools the token sees over HTTP, writes refused for a read-only token), one server for every
 * client (ADR-0047); while a server runs (the headless stand-in for the plugin), it relays to that
 * server. A revoked token starts nothing.
 */
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'bun:test';
import {
  BACKGROUND_NODE_FLAGS,
  buildMcpb,
  type BundleTarget,
} from '@mcp-connector/obsidian-plugin/client-config';
import { hashingProvider } from '@mcp-connector/obsidian-plugin/semantic-search';
import {
  addToken,
  ensureDefaultToken,
  revokeToken,
} from '@mcp-connector/obsidian-plugin/tool-policy';
import { SettingsStore } from '@mcp-connector/obsidian-plugin/settings';
import { deviceHomeOf, type IssuedToken } from '@mcp-connector/shared';
import { mkdtemp, readFile, readdir, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildHeadless } from '../../../../../scripts/build-headless.ts';
import { serveVault, settingsPathOf } from '../../serve.ts';
import {
  backgroundServersOf,
  buildVault,
  bundleTargetFor,
  callFail,
  callOk,
  connectStdio,
  emptyPath,
  mcpbCli as mcpb,
  nodeExecutable,
  stopBackgroundServers,
  type StdioTestClient,
  type TempVault,
} from '../../test-support/index.ts';

/** A bundle's first start spawns the bundled CLI as the vault's server, which scans the vault. */
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
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
  await stopBackgroundServers(await realpath(vault.root));
});
afterAll(async () => {
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

/** The vault's background servers: the detached processes a bundle started. */
async function backgroundServers(): Promise<number[]> {
  return backgroundServersOf(await realpath(vault.root));
}

/** The command line of a running process (Linux's /proc). */
async function commandLineOf(pid: number): Promise<string[]> {
  return (await readFile(`/proc/${pid}/cmdline`, 'utf8')).split('\0');
}

/** The port the vault's running server published in its device home. */
async function publishedPort(): Promise<number> {
  const record = await readFile(deviceHomeOf(await realpath(vault.root)).liveServer, 'utf8');
  return (JSON.parse(record) as { port: number }).port;
}

async function toolNamesOverHttp(port: number, secret: string): Promise<string[]> {
  const { Client, StreamableHTTPClientTransport } = await import('@modelcontextprotocol/client');
  const http = new Client({ name: 'http', version: '1' });
  await http.connect(
    new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${port}/mcp`), {
      requestInit: { headers: { Authorization: `Bearer ${secret}` } },
    }),
  );
  try {
    return (await http.listTools()).tools.map((tool) => tool.name).sort();
  } finally {
    await http.close();
  }
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
    "with no server running it starts the vault's background server from the bundle, shared by the next client, with the token scope it has over HTTP",
    async () => {
      const bundled = await launch();
      const viaBundle = await toolNames(bundled);
      const [server, ...others] = await backgroundServers();
      expect(others).toEqual([]);
      const commandLine = await commandLineOf(server as number);
      expect(commandLine).toContain(join(bundleDir, 'server', 'headless', 'cli.mjs'));
      // Started by the shim's Node: with the heap flags `serve --stdio` gives it under Node.
      for (const flag of BACKGROUND_NODE_FLAGS) expect(commandLine).toContain(flag);
      expect(await callOk(bundled.client, 'get_server_info')).toMatchObject({ host: 'headless' });
      const refused = await callFail(bundled.client, 'create_vault_file', {
        path: 'No.md',
        content: 'x',
      });
      expect(refused.code).toBe('tool_not_allowed');
      const read = await callOk(bundled.client, 'get_vault_file', { path: 'Ideas.md' });
      expect(read.content).toBe('# Ideas\n\n- a greenhouse\n');
      // A second client of the bundle relays to the same server: one index for both.
      const second = await launch();
      expect(await toolNames(second)).toEqual(viaBundle);
      expect(await backgroundServers()).toEqual([server as number]);
      // The same token over HTTP, straight to that server: the same list.
      expect(await toolNamesOverHttp(await publishedPort(), reader.secret)).toEqual(viaBundle);
    },
    STARTS,
  );

  test(
    'with a server running it relays to that server instead',
    async () => {
      const server = await serveVault({ vault: vault.root, port: 0, semantic });
      try {
        const relayed = await launch();
        // The running server's own state changes: the call went through it.
        expect(server.nodeHost.getActiveFile()).toBeNull();
        await callOk(relayed.client, 'activate_tool', { name: 'show_file_in_obsidian' });
        await callOk(relayed.client, 'show_file_in_obsidian', { filename: 'Ideas.md' });
        expect(server.nodeHost.getActiveFile()).toBe('Ideas.md');
        expect(await backgroundServers()).toEqual([]);
      } finally {
        await server.close();
      }
    },
    STARTS,
  );

  test(
    'a revoked token starts nothing: the bundle refuses, naming why',
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
      expect(await backgroundServers()).toEqual([]);
    },
    STARTS,
  );
});
