/**
 * A per-token .mcpb end to end: built for a token, validated and unpacked with the official
 * `mcpb` CLI, its server/index.js started by Node with nothing on PATH and driven over stdio by
 * the official SDK client against a real headless server: initialize, tools/list, a tool call,
 * an activation whose list_changed arrives; a regenerated secret keeps working, a revoked token
 * fails closed with the message; the dynamic-import loading path of Claude Desktop's built-in
 * Node; and the connect window while the server starts.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import {
  buildMcpb,
  STDIO_SHIM_SOURCE,
  type BundleTarget,
} from '@mcp-connector/obsidian-plugin/client-config';
import { hashingProvider } from '@mcp-connector/obsidian-plugin/semantic-search';
import { addToken, regenerateToken, revokeToken } from '@mcp-connector/obsidian-plugin/tool-policy';
import type { IssuedToken } from '@mcp-connector/shared';
import { waitFor } from '@mcp-connector/shared/test-support';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serveVault, type HeadlessServer } from '../../serve.ts';
import {
  buildVault,
  bundleTargetFor,
  callOk,
  connectStdio,
  emptyPath,
  mcpbCli as mcpb,
  nodeExecutable,
  PROTOCOL_LINES,
  type StdioTestClient,
  type TempVault,
} from '../../test-support/index.ts';

const node = nodeExecutable();
const semantic = { createProvider: () => hashingProvider(64), onProgress: () => undefined };

let vault: TempVault;
let server: HeadlessServer;
let work: string;
let token: IssuedToken;
let bundleDir: string;
let noPath: string;
const clients: StdioTestClient[] = [];

const targetFor = (record: IssuedToken): BundleTarget => bundleTargetFor(vault.root, record);

/** Writes the bundle for `record` and unpacks it with the official CLI; returns the folder. */
async function exportAndUnpack(record: IssuedToken, into: string): Promise<string> {
  const file = join(work, `${record.id}.mcpb`);
  await writeFile(file, await buildMcpb(targetFor(record)));
  const unpacked = mcpb('unpack', file, into);
  expect(unpacked.status).toBe(0);
  return into;
}

async function shimEnv(dir: string): Promise<Record<string, string>> {
  const manifest = JSON.parse(await readFile(join(dir, 'manifest.json'), 'utf8')) as {
    server: { mcp_config: { env: Record<string, string> } };
  };
  // HOME: the device, where the token's secret and live-server.json are.
  return { PATH: noPath, HOME: process.env.HOME ?? '', ...manifest.server.mcp_config.env };
}

async function launch(dir: string, line: 'legacy' | 'modern' = 'legacy', extraEnv = {}) {
  const client = await connectStdio({
    command: node,
    args: [join(dir, 'server', 'index.js')],
    env: { ...(await shimEnv(dir)), ...extraEnv },
    line,
  });
  clients.push(client);
  return client;
}

async function rejectsOldSecret(secret: string): Promise<boolean> {
  const response = await fetch(server.url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      authorization: `Bearer ${secret}`,
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
  });
  await response.text();
  return response.status === 401;
}

beforeAll(async () => {
  vault = await buildVault({
    'Welcome.md': '# Welcome\n\nStart with [[Ideas]].\n',
    'Ideas.md': '# Ideas\n\n- a greenhouse\n',
  });
  server = await serveVault({ vault: vault.root, port: 0, semantic });
  work = await mkdtemp(join(tmpdir(), 'mcpb-e2e-'));
  noPath = await emptyPath();
  token = await addToken(server.settings, 'Claude Desktop', { profile: 'core' });
  bundleDir = await exportAndUnpack(token, join(work, 'unpacked'));
});
afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
  await server.close();
  await vault.remove();
  await rm(work, { recursive: true, force: true });
  await rm(noPath, { recursive: true, force: true });
});

describe('the bundle', () => {
  test('the official mcpb CLI validates its manifest, and refuses a manifest that breaks the spec', async () => {
    const valid = mcpb('validate', bundleDir);
    expect(valid).toMatchObject({ status: 0 });
    expect(valid.out).toContain('Manifest schema validation passes');
    const broken = join(work, 'broken');
    await mkdir(broken, { recursive: true });
    const manifest = JSON.parse(await readFile(join(bundleDir, 'manifest.json'), 'utf8')) as Record<
      string,
      unknown
    >;
    await writeFile(
      join(broken, 'manifest.json'),
      JSON.stringify({ ...manifest, user_prompt: 'x' }),
    );
    expect(mcpb('validate', broken).status).not.toBe(0);
  });

  test('server/index.js is the shipped shim byte for byte, and the manifest holds no secret', async () => {
    expect(await readFile(join(bundleDir, 'server', 'index.js'), 'utf8')).toBe(STDIO_SHIM_SOURCE);
    const manifest = await readFile(join(bundleDir, 'manifest.json'), 'utf8');
    expect(manifest).toContain(token.id);
    expect(manifest).not.toContain(token.secret);
    expect(manifest).not.toContain('user_config');
    // The shim alone runs on Node 18 (a bundle with the headless fallback asks for 20).
    expect(manifest).toContain('"node": ">=18.0.0"');
  });
});

describe('over stdio, with nothing on PATH', () => {
  test.each(PROTOCOL_LINES)(
    '%s line: initialize, tools/list, a tool call, an activation whose list_changed arrives',
    async (line) => {
      // A token of its own per line: an activation stays with the token that made it.
      const record = await addToken(server.settings, `Desktop ${line}`, { profile: 'core' });
      const { client } = await launch(await exportAndUnpack(record, join(work, line)), line);
      expect(client.getServerVersion()?.name).toBe('local-mcp-server');
      const names = (await client.listTools()).tools.map((tool) => tool.name);
      expect(names).toContain('get_vault_file');
      expect(names).not.toContain('get_backlinks');
      const file = await callOk(client, 'get_vault_file', { path: 'Ideas.md' });
      expect(JSON.stringify(file)).toContain('a greenhouse');
      const changed = new Promise<void>((resolve) =>
        client.setNotificationHandler('notifications/tools/list_changed', () => resolve()),
      );
      await callOk(client, 'activate_tool', { name: 'get_backlinks' });
      await changed;
      expect((await client.listTools()).tools.map((tool) => tool.name)).toContain('get_backlinks');
    },
  );

  test('the dynamic-import loading path (a host that import()s the entry, adding arguments of its own) works even under a "type": "module" folder', async () => {
    const esmRoot = join(work, 'esm-host');
    await mkdir(esmRoot, { recursive: true });
    await writeFile(join(esmRoot, 'package.json'), JSON.stringify({ type: 'module' }));
    const dir = await exportAndUnpack(token, join(esmRoot, 'extension'));
    const loader = join(esmRoot, 'loader.mjs');
    await writeFile(
      loader,
      [
        "import { pathToFileURL } from 'node:url';",
        "process.argv.push('--host-flag', 'extra');",
        'await import(pathToFileURL(process.env.ENTRY).href);',
      ].join('\n'),
    );
    const client = await connectStdio({
      command: node,
      args: [loader, 'ignored-argument'],
      env: { ...(await shimEnv(dir)), ENTRY: join(dir, 'server', 'index.js') },
    });
    clients.push(client);
    expect((await client.client.listTools()).tools.length).toBeGreaterThan(10);
  });

  test('regenerating the secret keeps the same bundle working without a new export', async () => {
    let record = await addToken(server.settings, 'Regenerated');
    const { client } = await launch(await exportAndUnpack(record, join(work, 'regenerated')));
    await callOk(client, 'list_tags', {});
    const old = record.secret;
    record = await regenerateToken(server.settings, record.id);
    await waitFor(() => rejectsOldSecret(old), 'the server to refuse the old secret');
    await callOk(client, 'list_tags', {});
  });

  test('a request sent before the server starts waits within the connect window and then succeeds', async () => {
    const later = await buildVault({ 'Later.md': '# Later\n' });
    const first = await serveVault({ vault: later.root, port: 0, semantic });
    const record = await addToken(first.settings, 'Early');
    await first.close();
    const dir = await exportAndUnpack(record, join(work, 'later'));
    const env = await shimEnv(dir);
    env.MCP_CONNECTOR_VAULT = later.root;
    const connecting = connectStdio({
      command: node,
      args: [join(dir, 'server', 'index.js')],
      env,
    });
    const restarted = await serveVault({ vault: later.root, port: 0, semantic });
    try {
      const client = await connecting;
      clients.push(client);
      expect((await client.client.listTools()).tools.length).toBeGreaterThan(10);
    } finally {
      await restarted.close();
      await later.remove();
    }
  });

  test('revoking the token makes the bundle fail closed with the message, though other tokens exist', async () => {
    const record = await addToken(server.settings, 'Revoked');
    const dir = await exportAndUnpack(record, join(work, 'revoked'));
    const { client, log } = await launch(dir);
    await callOk(client, 'list_tags', {});
    await revokeToken(server.settings, record.id);
    const failed = await client.callTool({ name: 'list_tags', arguments: {} }).then(
      () => null,
      (error: unknown) => error as { code: number; message: string },
    );
    expect(failed?.code).toBe(-33002);
    expect(failed?.message).toContain(
      'token not recognised: copy it again from Obsidian, or export a new bundle',
    );
    expect(log()).toContain(
      'token not recognised: copy it again from Obsidian, or export a new bundle',
    );
    expect(log()).not.toContain(record.secret);
    const refused = await launch(dir).then(
      () => null,
      (error: unknown) => error as Error & { log: string },
    );
    expect(refused?.message).toContain('token not recognised');
  });
});
