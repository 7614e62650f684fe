/**
 * The file and active-file tools end to end: the real server over HTTP on a temp copy of the
 * test vault, the official SDK client, success and failure paths, and the concurrency rule
 * (50 appends from separate clients lose nothing).
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Client } from '@modelcontextprotocol/client';
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import {
  PROTOCOL_LINES,
  oneServerTest,
  callFail,
  callOk,
  readOnlyClient,
  startTestServer,
  whileHidden,
  type McpTestServer,
} from '../../test-support/index.ts';

let t: McpTestServer;
let client: Client;
beforeAll(async () => {
  t = await startTestServer();
  client = await t.connect('modern');
});
afterAll(() => t.stop());

describe('reading', () => {
  test('get_vault_file returns the note as on disk, with frontmatter and tags in json', async () => {
    const path = 'Apiary/Overwintering.md';
    const result = await callOk(client, 'get_vault_file', { path, format: 'json' });
    expect(result.content).toBe(await t.readText(path));
    expect(typeof result.revision).toBe('string');
    expect(result.stat).toMatchObject({ size: Buffer.byteLength(await t.readText(path)) });
  });

  test('get_vault_files reads several and reports failures in place', async () => {
    const { files } = await callOk(client, 'get_vault_files', { paths: ['Home.md', 'Missing.md'] });
    expect((files as { path: string }[]).map((file) => file.path)).toEqual([
      'Home.md',
      'Missing.md',
    ]);
    expect((files as Record<string, unknown>[])[1]).toMatchObject({ error: { code: 'not_found' } });
  });

  test('list_vault_files lists the root', async () => {
    const result = await callOk(client, 'list_vault_files', {});
    expect(result.entries).toContain('Apiary/');
    expect(result.entries).toContain('Home.md');
    expect(result.entries).not.toContain('.obsidian/');
  });
});

describe('writing', () => {
  test('create, append, replace with a revision, binary and folders', async () => {
    const created = await callOk(client, 'create_vault_file', {
      path: 'E2E/New/note.md',
      content: '# New',
    });
    expect(created).toMatchObject({ created: true });
    await callOk(client, 'append_to_vault_file', { path: 'E2E/New/note.md', content: 'appended' });
    expect(await t.readText('E2E/New/note.md')).toBe('# New\nappended');
    const stale = await callFail(client, 'create_vault_file', {
      path: 'E2E/New/note.md',
      content: 'x',
      expectedRevision: created.revision,
    });
    expect(stale.code).toBe('precondition_failed');
    const current = stale.details?.currentRevision as string;
    await callOk(client, 'create_vault_file', {
      path: 'E2E/New/note.md',
      content: 'replaced',
      expectedRevision: current,
    });
    expect(await t.readText('E2E/New/note.md')).toBe('replaced');
    await callOk(client, 'create_vault_binary_file', {
      path: 'E2E/pixel.png',
      content: Buffer.from([137, 80, 78, 71]).toString('base64'),
    });
    const image = await client.callTool({
      name: 'get_vault_file',
      arguments: { path: 'E2E/pixel.png' },
    });
    expect(image.content).toContainEqual({
      type: 'image',
      mimeType: 'image/png',
      data: 'iVBORw==',
    });
    expect(await callOk(client, 'create_vault_directory', { path: 'E2E/Empty' })).toEqual({
      path: 'E2E/Empty',
      created: true,
    });
  });

  test('rename rewrites links across the vault', async () => {
    const before = await t.readText('Apiary/Overwintering.md');
    await callOk(client, 'create_vault_file', { path: 'E2E/Target.md', content: 'target' });
    await callOk(client, 'create_vault_file', { path: 'E2E/Linker.md', content: 'see [[Target]]' });
    const renamed = await callOk(client, 'rename_vault_file', {
      from: 'E2E/Target.md',
      to: 'E2E/Archive/Renamed.md',
    });
    expect(renamed).toEqual({
      from: 'E2E/Target.md',
      to: 'E2E/Archive/Renamed.md',
      referencingNotes: 1,
    });
    expect(await t.readText('E2E/Linker.md')).toBe('see [[Renamed]]');
    expect(await t.readText('Apiary/Overwintering.md')).toBe(before);
  });

  test('deleting goes to the trash; a non-empty folder needs recursive', async () => {
    await callOk(client, 'create_vault_file', { path: 'E2E/Trash/a.md', content: 'a' });
    expect((await callFail(client, 'delete_vault_directory', { path: 'E2E/Trash' })).code).toBe(
      'not_empty',
    );
    await callOk(client, 'delete_vault_file', { path: 'E2E/Trash/a.md' });
    await callOk(client, 'delete_vault_directory', { path: 'E2E/Trash' });
    expect((await callFail(client, 'get_vault_file', { path: 'E2E/Trash/a.md' })).code).toBe(
      'not_found',
    );
    expect(
      (await callFail(client, 'delete_vault_directory', { path: '/', recursive: true })).code,
    ).toBe('invalid_path');
  });

  oneServerTest('50 concurrent appends from separate clients lose nothing', async () => {
    const clients = await t.connectMany(5);
    await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        callOk(clients[index % clients.length] as Client, 'append_to_vault_file', {
          path: 'E2E/log.md',
          content: `entry ${index}\n`,
        }),
      ),
    );
    const lines = (await t.readText('E2E/log.md')).split('\n').filter(Boolean).sort();
    expect(lines).toEqual(Array.from({ length: 50 }, (_, index) => `entry ${index}`).sort());
  });
});

describe('the active file', () => {
  test('is none until show_file_in_obsidian, then every active-file tool acts on it', async () => {
    const fresh = await t.connect('legacy');
    // Headless keeps one active file per server, like Obsidian's one workspace.
    await callOk(fresh, 'create_vault_file', { path: 'E2E/Active.md', content: 'start' });
    await callOk(fresh, 'show_file_in_obsidian', { filename: 'E2E/Active.md' });
    expect(await callOk(fresh, 'get_active_file', {})).toMatchObject({
      path: 'E2E/Active.md',
      content: 'start',
    });
    await callOk(fresh, 'append_to_active_file', { content: 'more' });
    await callOk(fresh, 'update_active_file', { content: `${await t.readText('E2E/Active.md')}!` });
    expect(await t.readText('E2E/Active.md')).toBe('start\nmore!');
    await callOk(fresh, 'delete_active_file', {});
    expect((await callFail(fresh, 'get_active_file', {})).code).toBe('no_active_file');
    // The test vault keeps Obsidian's default, the system trash (a temp folder in tests).
    const info = await readdir(join(process.env.XDG_DATA_HOME as string, 'Trash', 'info'));
    const origins = await Promise.all(
      info.map((name) =>
        readFile(join(process.env.XDG_DATA_HOME as string, 'Trash', 'info', name), 'utf8'),
      ),
    );
    expect(origins.some((text) => text.includes('/E2E/Active.md'))).toBe(true);
  });
});

describe('replace_in_vault_file', () => {
  test.each(PROTOCOL_LINES)(
    '%s: replaces text found once, names the lines of text found more often, and replaces all when asked',
    async (line) => {
      const lineClient = await t.connect(line);
      const names = (await lineClient.listTools()).tools.map((tool) => tool.name);
      expect(names).toContain('replace_in_vault_file');
      const path = `E2E/Replace ${line}.md`;
      await callOk(lineClient, 'create_vault_file', {
        path,
        content: '# Log\n\nfeed the bees\ncheck the bees\n',
      });
      const ambiguous = await callFail(lineClient, 'replace_in_vault_file', {
        path,
        oldText: 'the bees',
        newText: 'the hives',
      });
      expect(ambiguous).toMatchObject({
        code: 'ambiguous_text',
        details: { count: 2, lines: [2, 3] },
      });
      const once = await callOk(lineClient, 'replace_in_vault_file', {
        path,
        oldText: 'feed the bees',
        newText: 'feed the bees syrup',
      });
      expect(await t.readText(path)).toBe('# Log\n\nfeed the bees syrup\ncheck the bees\n');
      const stale = await callFail(lineClient, 'replace_in_vault_file', {
        path,
        oldText: 'the bees',
        newText: 'x',
        replaceAll: true,
        expectedRevision: '0000000000000000',
      });
      expect(stale).toMatchObject({
        code: 'precondition_failed',
        details: { currentRevision: once.revision },
      });
      expect(
        await callOk(lineClient, 'replace_in_vault_file', {
          path,
          oldText: 'the bees',
          newText: 'the hives',
          replaceAll: true,
          expectedRevision: once.revision,
        }),
      ).toMatchObject({ path, replacements: 2 });
      expect(await t.readText(path)).toBe('# Log\n\nfeed the hives syrup\ncheck the hives\n');
      expect(
        (
          await callFail(lineClient, 'replace_in_vault_file', {
            path,
            oldText: 'wasps',
            newText: 'x',
          })
        ).code,
      ).toBe('text_not_found');
    },
  );

  test('a note in a hidden folder is not found, and stays as it was', async () => {
    const path = 'Apiary/Overwintering.md';
    const before = await t.readText(path);
    const firstLine = before.split('\n')[0] as string;
    const failure = await whileHidden(t, ['Apiary'], () =>
      callFail(client, 'replace_in_vault_file', { path, oldText: firstLine, newText: 'x' }),
    );
    expect(failure.code).toBe('not_found');
    expect(failure.message).not.toContain(firstLine);
    expect(await t.readText(path)).toBe(before);
  });

  test.each(PROTOCOL_LINES)('%s: a read-only token cannot call it', async (line) => {
    const reader = await readOnlyClient(t, line);
    const path = 'Home.md';
    const before = await t.readText(path);
    const names = (await reader.listTools()).tools.map((tool) => tool.name);
    expect(names).not.toContain('replace_in_vault_file');
    const refused = await callFail(reader, 'replace_in_vault_file', {
      path,
      oldText: before.slice(0, 5),
      newText: 'x',
    });
    expect(refused.code).toBe('tool_not_allowed');
    expect(await t.readText(path)).toBe(before);
  });
});
