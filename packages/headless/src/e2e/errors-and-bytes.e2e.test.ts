/**
 * Errors that help and reveal nothing, and bytes that survive the tools: no message carries a
 * path of the machine, a name over the file system's limit is `invalid_path` naming the limit, a
 * second headless server on the same vault, or one started while Obsidian serves it, is refused
 * naming the running one's port (live-server.json is the lock; a stale one is taken over), a note
 * that is not UTF-8 is refused for editing, and CRLF notes stay CRLF.
 */
import { afterEach, describe, expect, test } from 'bun:test';
import { spawnSync } from 'node:child_process';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { deviceHomeOfVault, serveVault, type HeadlessServer } from '../serve.ts';
import {
  buildVault,
  callFail,
  callOk,
  startTestServer,
  type McpTestServer,
  type TempVault,
} from '../test-support/index.ts';

let t: McpTestServer | null = null;
const extra: (HeadlessServer | TempVault)[] = [];
afterEach(async () => {
  await t?.stop();
  t = null;
  for (const item of extra.splice(0).reverse()) {
    if ('close' in item) await item.close();
    else await item.remove();
  }
});

async function serve(files: Record<string, string | Uint8Array>): Promise<McpTestServer> {
  t = await startTestServer(await buildVault(files));
  return t;
}

describe('errors reveal nothing of the machine', () => {
  test('a file system error mid-call names no absolute path', async () => {
    const server = await serve({ 'Notes/a.md': 'a\n' });
    const client = await server.connect('legacy');
    await rm(join(server.vault.root, 'Notes'), { recursive: true });
    await writeFile(join(server.vault.root, 'Notes'), 'now a file');
    const failure = await callFail(client, 'append_to_vault_file', {
      path: 'Notes/a.md',
      content: 'x',
    });
    expect(failure.message).not.toContain(server.vault.root);
    expect(failure.message).not.toMatch(/\/tmp\//);
  });

  test('a name over 255 bytes is invalid_path naming the limit', async () => {
    const server = await serve({ 'a.md': 'a\n' });
    const client = await server.connect('modern');
    const failure = await callFail(client, 'create_vault_file', {
      path: `${'é'.repeat(130)}.md`,
      content: 'x',
    });
    expect(failure.code).toBe('invalid_path');
    expect(failure.message).toContain('255');
  });
});

describe('one server per vault', () => {
  test('a second headless server on the same vault is refused, naming the running one\u2019s port', async () => {
    const vault = await buildVault({ 'a.md': 'a\n' });
    extra.push(vault);
    const first = await serveVault({ vault: vault.root, port: 0 });
    extra.push(first);
    let message = '';
    await serveVault({ vault: vault.root, port: 0 }).then(
      (second) => {
        extra.push(second);
      },
      (error: Error) => (message = error.message),
    );
    expect(message).toContain(String(first.port));
    expect(message).not.toContain(first.defaultToken?.secret ?? 'no secret');
  });

  test('a headless server is refused while Obsidian serves the vault', async () => {
    const vault = await buildVault({ 'a.md': 'a\n' });
    extra.push(vault);
    // What the plugin in a running Obsidian (here: our parent process) has published.
    const plugin = { port: 27201, pid: process.ppid, host: 'plugin', startedAt: '' };
    const live = await placeLiveServer(vault, plugin);
    let message = '';
    await serveVault({ vault: vault.root, port: 0 }).then(
      (server) => extra.push(server),
      (error: Error) => (message = error.message),
    );
    expect(message).toStartWith(`Local MCP Server in Obsidian (process ${process.ppid})`);
    expect(message).toContain('port 27201');
    expect(JSON.parse(await readFile(live, 'utf8'))).toEqual(plugin);
  });

  test('a live-server.json left by a process that is gone is taken over, and removed on stop', async () => {
    const vault = await buildVault({ 'a.md': 'a\n' });
    extra.push(vault);
    const gone = spawnSync('bun', ['-e', 'process.stdout.write(String(process.pid))'], {
      encoding: 'utf8',
    });
    const live = await placeLiveServer(vault, { pid: Number(gone.stdout), port: 27299 });
    const server = await serveVault({ vault: vault.root, port: 0 });
    try {
      expect(JSON.parse(await readFile(live, 'utf8'))).toMatchObject({
        pid: process.pid,
        port: server.port,
        host: 'headless',
      });
    } finally {
      await server.close();
    }
    expect(await readFile(live, 'utf8').catch(() => 'gone')).toBe('gone');
  });
});

async function placeLiveServer(vault: TempVault, record: object): Promise<string> {
  // This device's record for the vault (ADR-0033): never in the vault.
  const live = (await deviceHomeOfVault(vault.root)).liveServer;
  await mkdir(dirname(live), { recursive: true });
  await writeFile(live, JSON.stringify(record));
  return live;
}

describe('bytes survive the tools', () => {
  test('a note that is not UTF-8 reads, but is refused for editing and stays byte for byte', async () => {
    const latin1 = new Uint8Array([0x63, 0x61, 0x66, 0xe9, 0x0a]);
    const server = await serve({ 'latin.md': latin1 });
    const client = await server.connect('legacy');
    await callOk(client, 'get_vault_file', { path: 'latin.md' });
    const failure = await callFail(client, 'append_to_vault_file', {
      path: 'latin.md',
      content: 'x',
    });
    expect(failure.code).toBe('unsupported_encoding');
    expect(new Uint8Array(await readFile(join(server.vault.root, 'latin.md')))).toEqual(latin1);
  });

  test('appends, patches and property edits keep a CRLF note CRLF', async () => {
    const server = await serve({ 'crlf.md': '---\r\ntitle: T\r\n---\r\n# Head\r\nline\r\n' });
    const client = await server.connect('modern');
    await callOk(client, 'append_to_vault_file', {
      path: 'crlf.md',
      content: 'appended\ntwo lines',
    });
    await callOk(client, 'set_note_property', { path: 'crlf.md', key: 'status', value: 'done' });
    const text = await server.readText('crlf.md');
    expect(text).toContain('appended\r\ntwo lines');
    expect(text).toContain('status: done\r\n');
    expect(text.replace(/\r\n/g, '')).not.toContain('\n');
  });
});
