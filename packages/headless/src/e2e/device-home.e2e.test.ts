/**
 * A vault lives well in sync (ADR-0033): serving writes nothing under .obsidian/ (data.json is
 * not even rewritten), no file in the vault holds a secret, a copy of the vault on another device
 * (another HOME) serves with the hashes it synced but none of the first device's state, and an
 * older data.json with plain secrets migrates without breaking a client set up before. Real
 * servers, the official SDK client, over HTTP and stdio.
 */
import { afterAll, describe, expect, test } from 'bun:test';
import type { Client } from '@modelcontextprotocol/client';
import { deviceHomeOf, heldHere, readDeviceSecrets } from '@mcp-connector/shared';
import { SettingsStore } from '@mcp-connector/obsidian-plugin/settings';
import { STDIO_SHIM_SOURCE } from '@mcp-connector/obsidian-plugin/client-config';
import { ensureDefaultToken, setTokenPolicy } from '@mcp-connector/obsidian-plugin/tool-policy';
import { hashingProvider } from '@mcp-connector/obsidian-plugin/semantic-search';
import { existsSync } from 'node:fs';
import {
  cp,
  mkdir,
  mkdtemp,
  readFile,
  readdir,
  rename,
  rm,
  stat,
  writeFile,
} from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { serveVault, settingsPathOf } from '../serve.ts';
import {
  callOk,
  connectMcpClient,
  connectStdio,
  copyVault,
  startChildServer,
  type StdioTestClient,
  type TempVault,
} from '../test-support/index.ts';

const CLI = join(import.meta.dir, '..', 'cli.ts');
const CALLS = 200;
const semantic = { createProvider: () => hashingProvider(64), onProgress: () => undefined };
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** A copy of the test vault whose Default token is adaptive (so serving activates and promotes). */
async function vaultWithToken(
  profile: 'adaptive' | 'all' = 'adaptive',
): Promise<{ vault: TempVault; secret: string; id: string }> {
  const vault = await copyVault();
  cleanups.push(() => vault.remove());
  const settings = await SettingsStore.open(settingsPathOf(vault.root));
  const token = heldHere(await ensureDefaultToken(settings));
  await setTokenPolicy(settings, token.id, { profile });
  settings.close();
  return { vault, secret: token.secret, id: token.id };
}

/** Every file under a folder with its inode, size and mtime: any write shows. */
async function stateOf(folder: string): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const entry of await readdir(folder, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    const stats = await stat(path, { bigint: true });
    files.set(relative(folder, path), `${stats.ino}:${stats.size}:${stats.mtimeNs}`);
  }
  return files;
}

async function filesContaining(folder: string, text: string): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(folder, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    if ((await readFile(path)).includes(text)) found.push(relative(folder, path));
  }
  return found;
}

/** Calls of every kind: reads, searches, lists, writes, an activation that persists. */
async function serveCalls(client: Client, count: number, prefix: string): Promise<void> {
  const wanted = ['get_backlinks', 'get_outgoing_links', 'list_changes'];
  await callOk(client, 'activate_tools', { names: wanted, persist: true });
  const kinds: ((index: number) => Promise<unknown>)[] = [
    () => callOk(client, 'get_server_info'),
    () => callOk(client, 'get_vault_file', { path: 'Home.md' }),
    () => callOk(client, 'list_vault_files', {}),
    () => callOk(client, 'search_vault_simple', { query: 'garden' }),
    () => callOk(client, 'list_tags', {}),
    () => callOk(client, 'get_backlinks', { path: 'Home.md' }),
    () => callOk(client, 'get_outgoing_links', { path: 'Home.md' }),
    (index) =>
      callOk(client, 'create_vault_file', {
        path: `Inbox/${prefix}-${index}.md`,
        content: `# Note ${index}\n`,
      }),
    () => callOk(client, 'list_changes', {}),
    () => client.listTools(),
  ];
  for (let index = 0; index < count; index++) await kinds[index % kinds.length]?.(index);
}

describe('serving a synced vault', () => {
  test(`${CALLS} calls over HTTP and over stdio change nothing under .obsidian/, and no vault file holds a secret`, async () => {
    const { vault, secret } = await vaultWithToken();
    const config = join(vault.root, '.obsidian');
    const before = await stateOf(config);
    const server = await serveVault({ vault: vault.root, port: 0, semantic });
    const client = await connectMcpClient(new URL(server.url), secret, 'modern');
    await serveCalls(client, CALLS, 'http');
    await client.close();
    await server.close();
    const stdio = await connectStdio({
      command: process.execPath,
      args: [CLI, 'serve', '--vault', vault.root, '--stdio', '--token', 'Default', '--in-process'],
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' },
      line: 'legacy',
    });
    await serveCalls(stdio.client, CALLS, 'stdio');
    await stdio.close();
    expect(await stateOf(config)).toEqual(before); // data.json included: written 0 times
    expect(await filesContaining(vault.root, secret)).toEqual([]);
    // What serving learnt is on the device.
    const device = deviceHomeOf(vault.root);
    const usage = JSON.parse(await readFile(device.usage, 'utf8')) as {
      calls: Record<string, number>;
      pinned: Record<string, string[]>;
      promoted: string[];
    };
    expect(usage.calls.get_server_info).toBeGreaterThan(0);
    expect(Object.values(usage.pinned).flat()).toEqual([
      'get_backlinks',
      'get_outgoing_links',
      'list_changes',
    ]);
    expect(usage.promoted).toContain('get_outgoing_links');
    expect(existsSync(join(device.changeJournal, 'journal.jsonl'))).toBe(true);
  }, 120_000);

  test('a copy on another device serves the secret made on the first, shows it nowhere, and finds none of its state', async () => {
    const { vault, secret } = await vaultWithToken('all');
    const first = await serveVault({ vault: vault.root, port: 0, semantic });
    cleanups.push(() => first.close());
    const written = await connectMcpClient(new URL(first.url), secret, 'modern');
    await callOk(written, 'create_vault_file', { path: 'Inbox/first.md', content: 'one\n' });
    await written.close();
    // The vault as sync copies it (device state never travels: it is not in the vault).
    const synced = await mkdtemp(join(tmpdir(), 'mcp-synced-'));
    const otherHome = await mkdtemp(join(tmpdir(), 'mcp-other-device-'));
    cleanups.push(() => rm(synced, { recursive: true, force: true }));
    cleanups.push(() => rm(otherHome, { recursive: true, force: true }));
    await cp(vault.root, join(synced, 'vault'), { recursive: true });
    const second = await startChildServer(join(synced, 'vault'), [], {
      env: { HOME: otherHome }, // XDG_* are unset for the whole run (scripts/test-setup.ts)
    });
    cleanups.push(() => second.stop());
    expect(second.token as string | null).toBeNull(); // started, with no secret to show
    const client = await second.connect(secret);
    expect((await callOk(client, 'get_server_info')).vault).toBe('vault');
    expect((await callOk(client, 'list_changes', {})).changes).toEqual([]);
    await client.close();
    const otherDevice = await readdir(
      join(otherHome, '.local', 'state', 'local-mcp-server', 'vaults'),
    );
    expect(otherDevice).toHaveLength(1);
    const otherState = join(
      otherHome,
      '.local',
      'state',
      'local-mcp-server',
      'vaults',
      otherDevice[0] ?? '',
    );
    expect(readDeviceSecrets(join(otherState, 'secrets.json'))).toEqual({});
  }, 120_000);
});

describe('a data.json with plain secrets, from before', () => {
  test('migrates once: secrets and counters to the device, journal moved, caches gone, bundles upgraded; old clients connect', async () => {
    const vault = await copyVault();
    cleanups.push(() => vault.remove());
    const plugin = dirname(settingsPathOf(vault.root));
    const device = deviceHomeOf(vault.root);
    // A journal as an older version kept it: made by a server, then put where it was.
    const seed = await vaultWithTokenIn(vault.root);
    const seeding = await serveVault({ vault: vault.root, port: 0, semantic });
    const seeder = await connectMcpClient(new URL(seeding.url), seed.secret, 'modern');
    await callOk(seeder, 'create_vault_file', { path: 'Inbox/before.md', content: 'x\n' });
    await seeder.close();
    await seeding.close();
    await rename(device.changeJournal, join(plugin, 'change-journal'));
    await rm(device.state, { recursive: true, force: true });
    await rm(device.cache, { recursive: true, force: true });
    await mkdir(join(plugin, 'metadata-cache'), { recursive: true });
    await writeFile(join(plugin, 'metadata-cache', 'notes.bin'), 'old cache');
    // data.json version 2: the secret in plain text, usage and call counts in the file.
    const secret = 'old-plain-secret-0123456789abcdefghijklmnopq';
    await writeFile(
      settingsPathOf(vault.root),
      JSON.stringify({
        schemaVersion: 2,
        transport: { port: null },
        tokens: [{ id: seed.id, label: 'Default', secret, createdAt: '2026-01-01T00:00:00Z' }],
        toolPolicy: { tokens: {}, userDisabled: [], promoted: [], callCounts: { list_tags: 4 } },
        usage: { [seed.id]: { legacy: 2, modern: 3, lastSeen: '2026-01-02T00:00:00Z' } },
      }),
    );
    // A bundle exported before, installed in Claude Desktop: its shim read data.json.
    const installed = join(
      process.env.XDG_CONFIG_HOME ?? '',
      'Claude',
      'Claude Extensions',
      'mcp-connector-vault-old',
    );
    await mkdir(join(installed, 'server'), { recursive: true });
    const env = { MCP_CONNECTOR_VAULT: vault.root, MCP_CONNECTOR_TOKEN_ID: seed.id };
    await writeFile(
      join(installed, 'manifest.json'),
      JSON.stringify({ server: { entry_point: 'server/index.js', mcp_config: { env } } }),
    );
    await writeFile(join(installed, 'server', 'package.json'), '{"type": "commonjs"}');
    await writeFile(
      join(installed, 'server', 'index.js'),
      '// MCP Connector for Obsidian: stdio shim. (an older one, that read data.json)\n',
    );

    const server = await serveVault({ vault: vault.root, port: 0, semantic });
    cleanups.push(() => server.close());
    const text = await readFile(settingsPathOf(vault.root), 'utf8');
    expect(text).not.toContain(secret);
    expect(JSON.parse(text)).not.toHaveProperty('usage');
    expect(readDeviceSecrets(device.secrets)).toEqual({ [seed.id]: secret });
    expect(JSON.parse(await readFile(device.usage, 'utf8'))).toMatchObject({
      calls: { list_tags: 4 },
      requests: { [seed.id]: { legacy: 2, modern: 3 } },
    });
    expect(existsSync(join(plugin, 'change-journal'))).toBe(false);
    expect(existsSync(join(plugin, 'metadata-cache'))).toBe(false);
    // A client configured before (HTTP: the same secret) connects, and sees the old journal.
    const before = await connectMcpClient(new URL(server.url), secret, 'legacy');
    const changes = (await callOk(before, 'list_changes', {})).changes as { paths: string[] }[];
    expect(JSON.stringify(changes)).toContain('Inbox/before.md');
    await before.close();
    // The installed bundle's shim is ours again, and connects with the secret it now finds.
    const shim = join(installed, 'server', 'index.js');
    expect(await readFile(shim, 'utf8')).toBe(STDIO_SHIM_SOURCE);
    const bundled: StdioTestClient = await connectStdio({
      command: process.execPath,
      args: [shim],
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
      line: 'legacy',
    });
    expect((await callOk(bundled.client, 'get_server_info')).vault).toBe('vault');
    await bundled.close();
  }, 120_000);
});

/** The vault's Default token, made on this device (its id is what a bundle would carry). */
async function vaultWithTokenIn(root: string): Promise<{ id: string; secret: string }> {
  const settings = await SettingsStore.open(settingsPathOf(root));
  const token = heldHere(await ensureDefaultToken(settings));
  settings.close();
  return { id: token.id, secret: token.secret };
}
