/**
 * `serve --stdio --token ID|LABEL` end to end: the CLI (from source, under Bun) launched by the
 * official SDK client's stdio transport, next to the same vault served over HTTP. A token's scope
 * over stdio is exactly its scope over HTTP (profile, allowlist, read-only), on both protocol
 * lines; the token may be named by id or label; stdout carries MCP messages only; a token revoked
 * (or regenerated) while the process runs is refused from the next message on; a vault no server opened yet gets
 * its Default token, as over HTTP; and a token that does not exist, or a missing vault, stops
 * the CLI before it serves, saying why.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Client } from '@modelcontextprotocol/client';
import { addToken, regenerateToken, revokeToken } from '@mcp-connector/obsidian-plugin/tool-policy';
import type { IssuedToken } from '@mcp-connector/shared';
import { waitFor } from '@mcp-connector/shared/test-support';
import { spawn, spawnSync } from 'node:child_process';
import { PROGRAM } from '../commands/usage.ts';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { settingsPathOf } from '../serve.ts';
import {
  LEGACY_INITIALIZE,
  buildVault,
  PROTOCOL_LINES,
  callFail,
  callOk,
  connectStdioCli,
  startTestServer,
  type McpTestServer,
  type StdioTestClient,
} from '../test-support/index.ts';

const SOURCE_CLI = { runtime: process.execPath, cli: join(import.meta.dir, '..', 'cli.ts') };
/**
 * Each stdio client starts its own server process, which scans the vault first: a bound for a
 * busy machine (a CI run at load 12 took 18-30 s), not a speed check.
 */
const STARTS = 90_000;

let t: McpTestServer;
let reader: IssuedToken;
let allow: IssuedToken;
const opened: StdioTestClient[] = [];
beforeAll(async () => {
  t = await startTestServer();
  reader = await addToken(t.settings, 'reader', { readOnly: true, profile: 'core' });
  allow = await addToken(t.settings, 'allow', { allowlist: ['get_vault_file'] });
});
afterAll(async () => {
  await Promise.all(opened.map((client) => client.close()));
  await t.stop();
});

async function overStdio(token: string, line: 'legacy' | 'modern' = 'legacy'): Promise<Client> {
  const connection = await connectStdioCli(SOURCE_CLI, t.vault.root, token, line);
  opened.push(connection);
  return connection.client;
}

async function names(client: Client): Promise<string[]> {
  return (await client.listTools()).tools.map((tool) => tool.name);
}

describe('serve --stdio', () => {
  test(
    "this round's tools answer over stdio as over HTTP: reads, dry runs, writes and versions",
    async () => {
      const stdio = await overStdio('Default', 'modern');
      const http = await t.connect('modern');
      const reads: [string, Record<string, unknown>][] = [
        ['get_note_neighbors', { path: 'Home.md', depth: 2 }],
        ['find_link_path', { from: 'Home.md', to: 'Inbox.md' }],
        ['query_base', { path: 'Reference/Reading list.base' }],
        ['list_tasks', { status: 'any' }],
        ['rename_tag', { from: 'garden', to: 'gardening' }],
      ];
      for (const [tool, args] of reads)
        expect({ tool, answer: await callOk(stdio, tool, args) }).toEqual({
          tool,
          answer: await callOk(http, tool, args),
        });

      const path = 'E2E/stdio-round.md';
      await callOk(stdio, 'create_vault_file', { path, content: '- [ ] sow beans\nold words\n' });
      await callOk(stdio, 'replace_in_vault_file', { path, oldText: 'old', newText: 'new' });
      await callOk(stdio, 'set_task_status', { path, line: 0, status: 'done' });
      await callOk(stdio, 'update_note_tags', { path, add: ['plan'] });
      const now = (await callOk(stdio, 'get_vault_file', { path })).content as string;
      expect(now).toContain('new words');
      expect(now).toMatch(/^tags:\n {2}- plan$/m);
      expect(now).toMatch(/^- \[x\] sow beans/m);
      const history = await callOk(stdio, 'get_note_history', { path });
      // Newest first: update_note_tags, set_task_status, replace_in_vault_file, create.
      const replaced = (history.versions as { change: string }[]).at(-2)?.change;
      const before = await callOk(stdio, 'get_note_version', { path, changeId: replaced });
      expect(before.content).toBe('- [ ] sow beans\nold words\n');
      const diff = await callOk(stdio, 'compare_note_versions', { path, from: replaced });
      expect(JSON.stringify(diff)).toContain('+new words');
    },
    STARTS,
  );

  test.each(PROTOCOL_LINES)(
    'a token sees over stdio what it sees over HTTP (%s)',
    async (line) => {
      for (const token of [t.defaultToken, reader, allow]) {
        const http = await names(await t.connect(line, token.secret));
        expect(await names(await overStdio(token.id, line))).toEqual(http);
      }
    },
    STARTS,
  );

  test(
    'a read-only token is refused writes over stdio exactly as over HTTP',
    async () => {
      const args = { path: 'E2E/stdio.md', content: 'no' };
      const http = await callFail(
        await t.connect('modern', reader.secret),
        'create_vault_file',
        args,
      );
      const stdio = await callFail(await overStdio(reader.label), 'create_vault_file', args);
      expect(stdio).toEqual(http);
      expect(stdio.code).toBe('tool_not_allowed');
    },
    STARTS,
  );

  test(
    'the default token over stdio reads and writes the vault both servers share',
    async () => {
      const client = await overStdio('Default', 'modern');
      await callOk(client, 'create_vault_file', { path: 'E2E/from-stdio.md', content: 'hello' });
      expect(await t.readText('E2E/from-stdio.md')).toBe('hello');
      // The HTTP server hears of the other process's write through its folder watcher.
      const http = await t.connect('legacy');
      await waitFor(
        async () =>
          !(
            await http.callTool({
              name: 'get_vault_file',
              arguments: { path: 'E2E/from-stdio.md' },
            })
          ).isError,
        'the HTTP server to see the note the stdio server wrote',
      );
      const read = await callOk(http, 'get_vault_file', { path: 'E2E/from-stdio.md' });
      expect(read.content).toBe('hello');
    },
    STARTS,
  );

  test(
    'stdout carries JSON-RPC messages only; the banner goes to stderr',
    async () => {
      const child = spawn(
        SOURCE_CLI.runtime,
        [
          SOURCE_CLI.cli,
          'serve',
          '--vault',
          t.vault.root,
          '--stdio',
          '--token',
          allow.id,
          '--in-process',
        ],
        { stdio: ['pipe', 'pipe', 'pipe'] },
      );
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
      const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
      const messages = [
        LEGACY_INITIALIZE,
        { jsonrpc: '2.0', method: 'notifications/initialized' },
        { jsonrpc: '2.0', id: 2, method: 'tools/list' },
      ];
      child.stdin.write(messages.map((message) => `${JSON.stringify(message)}\n`).join(''));
      await waitFor(() => stdout.includes('"id":2'), 'the tools/list answer');
      child.stdin.end();
      expect(await exited).toBe(0);
      const lines = stdout.split('\n').filter((line) => line !== '');
      expect(lines.map((line) => (JSON.parse(line) as { jsonrpc: string }).jsonrpc)).toEqual([
        '2.0',
        '2.0',
      ]);
      expect(stderr).toContain('over stdio as the token "allow"');
    },
    STARTS,
  );

  test(
    'a token revoked while the process runs is refused from the next message on',
    async () => {
      const doomed = await addToken(t.settings, 'doomed', {});
      const client = await overStdio(doomed.id, 'modern');
      expect(await names(client)).toContain('get_vault_file');
      await revokeToken(t.settings, doomed.id);
      const deadline = Date.now() + 5000;
      let refusal: unknown = null;
      while (refusal === null && Date.now() < deadline) {
        refusal = await client.listTools().then(
          () => null,
          (error: unknown) => error,
        );
      }
      expect(String(refusal)).toContain('Token not recognised');
    },
    STARTS,
  );

  test(
    'a token regenerated while the process runs is refused from the next message on',
    async () => {
      const renewed = await addToken(t.settings, 'renewed', {});
      const client = await overStdio(renewed.id, 'modern');
      expect(await names(client)).toContain('get_vault_file');
      await regenerateToken(t.settings, renewed.id);
      const deadline = Date.now() + 5000;
      let refusal: unknown = null;
      while (refusal === null && Date.now() < deadline) {
        refusal = await client.listTools().then(
          () => null,
          (error: unknown) => error,
        );
      }
      expect(String(refusal)).toContain('Token not recognised');
    },
    STARTS,
  );

  test(
    'on a vault no server has opened yet, --token Default serves: the token is made first',
    async () => {
      const fresh = await buildVault({ '.obsidian/app.json': '{}', 'Note.md': '# Note\n' });
      const connection = await connectStdioCli(SOURCE_CLI, fresh.root, 'Default', 'modern');
      try {
        expect(await names(connection.client)).toContain('get_vault_file');
        const settings = JSON.parse(await readFile(settingsPathOf(fresh.root), 'utf8')) as {
          tokens: { label: string }[];
        };
        expect(settings.tokens.map((token) => token.label)).toEqual(['Default']);
      } finally {
        await connection.close();
        await fresh.remove();
      }
    },
    STARTS,
  );

  test(
    'a token that does not exist, or a missing vault, stops it before it serves',
    () => {
      const run = (vault: string, token: string) =>
        spawnSync(
          SOURCE_CLI.runtime,
          [SOURCE_CLI.cli, 'serve', '--vault', vault, '--stdio', '--token', token, '--in-process'],
          { encoding: 'utf8', input: '' },
        );
      const unknown = run(t.vault.root, 'nobody');
      expect(unknown.status).toBe(1);
      expect(unknown.stdout).toBe('');
      expect(unknown.stderr).toContain(
        `No token with the id or label "nobody"; \`${PROGRAM} tokens --vault`,
      );
      expect(unknown.stderr).toContain('add --label nobody` adds it.');
      const missing = run(join(t.vault.root, 'no such folder'), 'Default');
      expect(missing.status).toBe(1);
      expect(missing.stderr).toContain('vault folder not found:');
      const usage = spawnSync(
        SOURCE_CLI.runtime,
        [SOURCE_CLI.cli, 'serve', '--vault', t.vault.root, '--stdio'],
        { encoding: 'utf8' },
      );
      expect(usage.status).toBe(2);
      expect(usage.stderr).toContain('--stdio needs --token ID|LABEL');
    },
    STARTS,
  );
});
