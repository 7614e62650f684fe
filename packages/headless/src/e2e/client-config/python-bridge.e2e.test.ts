/**
 * The Windows POST-only bridge (scripts/mcp-stdio-bridge.py) with python3 and nothing else on
 * PATH, driven over stdio by the official SDK client against a real headless server: the same
 * round trip as the .mcpb's shim on both protocol lines, a note whose name is not ASCII written
 * and read back, an activation's list_changed, the same error codes as the shim, and a revoked
 * token failing closed with the message.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { LOCAL_FAILURES } from '@mcp-connector/obsidian-plugin/client-config';
import { hashingProvider } from '@mcp-connector/obsidian-plugin/semantic-search';
import { addToken, revokeToken } from '@mcp-connector/obsidian-plugin/tool-policy';
import type { TokenRecord } from '@mcp-connector/shared';
import { spawnSync } from 'node:child_process';
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { serveVault, type HeadlessServer } from '../../serve.ts';
import {
  buildVault,
  callOk,
  connectStdio,
  emptyPath,
  PROTOCOL_LINES,
  type StdioTestClient,
  type TempVault,
} from '../../test-support/index.ts';

const BRIDGE = join(
  import.meta.dir,
  '..',
  '..',
  '..',
  '..',
  '..',
  'scripts',
  'mcp-stdio-bridge.py',
);
const python = spawnSync('python3', ['-c', 'import sys; print(sys.executable)'], {
  encoding: 'utf8',
}).stdout.trim();
const NAME = 'Notes/Café — 日本語 ünïcødé.md';
const TEXT = '# Grüße\n\nÇa marche: 日本語, emoji 🌿.\n';

let vault: TempVault;
let server: HeadlessServer;
let noPath: string;
const clients: StdioTestClient[] = [];

beforeAll(async () => {
  vault = await buildVault({ 'Welcome.md': '# Welcome\n' });
  server = await serveVault({
    vault: vault.root,
    port: 0,
    semantic: { createProvider: () => hashingProvider(64), onProgress: () => undefined },
  });
  noPath = await emptyPath();
});
afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
  await server.close();
  await vault.remove();
  await rm(noPath, { recursive: true, force: true });
});

async function bridge(token: TokenRecord, line: 'legacy' | 'modern' = 'legacy') {
  const client = await connectStdio({
    command: python,
    args: [BRIDGE],
    env: {
      PATH: noPath,
      // The device: where the token's secret and live-server.json are (the test run's HOME).
      HOME: process.env.HOME ?? '',
      MCP_CONNECTOR_VAULT: vault.root,
      MCP_CONNECTOR_TOKEN_ID: token.id,
    },
    line,
  });
  clients.push(client);
  return client;
}

describe('the Python stdio bridge', () => {
  test('has exactly the error codes and messages of the shim', () => {
    const printed = spawnSync(python, [BRIDGE, '--error-codes'], { encoding: 'utf8' });
    expect(JSON.parse(printed.stdout)).toEqual(LOCAL_FAILURES);
  });

  test.each(PROTOCOL_LINES)(
    '%s line: tools/list, a non-ASCII note name both ways, an activation whose list_changed arrives',
    async (line) => {
      const token = await addToken(server.settings, `Bridge ${line}`, { profile: 'core' });
      const { client } = await bridge(token, line);
      const names = (await client.listTools()).tools.map((tool) => tool.name);
      expect(names).toContain('create_vault_file');
      expect(names).not.toContain('get_backlinks');
      const path = NAME.replace('.md', ` ${line}.md`);
      await callOk(client, 'create_vault_file', { path, content: TEXT });
      expect(await readFile(join(vault.root, path), 'utf8')).toBe(TEXT);
      const listed = await callOk(client, 'list_vault_files', { directory: 'Notes' });
      expect(JSON.stringify(listed)).toContain(path.slice('Notes/'.length));
      expect(JSON.stringify(await callOk(client, 'get_vault_file', { path }))).toContain(
        '日本語, emoji 🌿',
      );
      const changed = new Promise<void>((resolve) =>
        client.setNotificationHandler('notifications/tools/list_changed', () => resolve()),
      );
      await callOk(client, 'activate_tool', { name: 'get_backlinks' });
      await changed;
      expect((await client.listTools()).tools.map((tool) => tool.name)).toContain('get_backlinks');
    },
  );

  test('a revoked token fails closed with the message', async () => {
    const token = await addToken(server.settings, 'Bridge revoked');
    const { client, log } = await bridge(token);
    await callOk(client, 'list_tags', {});
    await revokeToken(server.settings, token.id);
    const failed = await client.callTool({ name: 'list_tags', arguments: {} }).then(
      () => null,
      (error: unknown) => error as { code: number; message: string },
    );
    expect(failed?.code).toBe(LOCAL_FAILURES.token_unknown.code);
    expect(failed?.message).toContain(
      'token not recognised: copy it again from Obsidian, or export a new bundle',
    );
    expect(log()).toContain('token not recognised');
  });
});
