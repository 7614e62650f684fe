/**
 * The version tools end to end: the real headless server on a temp copy of the test vault, the
 * official SDK client on both protocol lines. A note is created and edited through the tools, so
 * the change journal holds its versions; get_note_version reads one and compare_note_versions
 * diffs two without restoring anything. Hidden folders and a read-only token are checked too.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Client } from '@modelcontextprotocol/client';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  PROTOCOL_LINES,
  callFail,
  callOk,
  readOnlyClient,
  startTestServer,
  whileHidden,
  type McpTestServer,
} from '../../test-support/index.ts';

let t: McpTestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.stop());

/** Writes the note three times (create, edit, append); the ids of those changes, oldest first. */
async function threeVersions(client: Client, path: string): Promise<string[]> {
  await callOk(client, 'create_vault_file', { path, content: '# Plan\n\nsow beans\n' });
  await callOk(client, 'replace_in_vault_file', { path, oldText: 'beans', newText: 'peas' });
  await callOk(client, 'append_to_vault_file', { path, content: 'water daily\n' });
  const history = await callOk(client, 'get_note_history', { path });
  return (history.versions as { change: string }[]).map((version) => version.change).reverse();
}

describe('get_note_version and compare_note_versions', () => {
  test.each(PROTOCOL_LINES)('%s: read a version and diff two, restoring nothing', async (line) => {
    const client = await t.connect(line);
    const names = (await client.listTools()).tools.map((tool) => tool.name);
    expect(names).toContain('get_note_version');
    expect(names).toContain('compare_note_versions');
    const path = `E2E/Versions ${line}.md`;
    const [created, edited, appended] = await threeVersions(client, path);
    const now = await t.readText(path);
    expect(await callOk(client, 'get_note_version', { path, changeId: created })).toEqual({
      path,
      change: created,
      exists: false,
    });
    expect(await callOk(client, 'get_note_version', { path, changeId: appended })).toMatchObject({
      path,
      change: appended,
      exists: true,
      content: '# Plan\n\nsow peas\n',
      truncated: false,
    });
    expect(
      await callOk(client, 'compare_note_versions', { path, from: edited, to: edited }),
    ).toMatchObject({
      path,
      from: edited,
      to: edited,
      added: 1,
      removed: 1,
      hunks: ['@@ -1,3 +1,3 @@\n # Plan\n \n-sow beans\n+sow peas'],
      total: 1,
      truncated: false,
    });
    expect(await callOk(client, 'compare_note_versions', { path, from: created })).toMatchObject({
      to: 'now',
      fromRevision: null,
      added: 4,
      removed: 0,
      hunks: ['@@ -0,0 +1,4 @@\n+# Plan\n+\n+sow peas\n+water daily'],
    });
    expect(await t.readText(path)).toBe(now);
    expect(
      (await callFail(client, 'get_note_version', { path, changeId: 'no-such-change' })).code,
    ).toBe('not_found');
  });

  test('a text after a change the note was edited by hand since is not_found, naming the way out', async () => {
    const client = await t.connect('modern');
    const path = 'E2E/Edited by hand.md';
    const [, edited] = await threeVersions(client, path);
    await writeFile(join(t.vault.root, path), 'typed in Obsidian\n');
    await callOk(client, 'append_to_vault_file', { path, content: 'more' });
    const history = (await callOk(client, 'get_note_history', { path })).versions as {
      change: string;
    }[];
    const last = history[0]?.change as string;
    const failure = await callFail(client, 'compare_note_versions', {
      path,
      from: edited,
      to: history[1]?.change,
    });
    expect(failure.code).toBe('not_found');
    expect(failure.message).toContain('leave out to');
    expect(await callOk(client, 'compare_note_versions', { path, from: last })).toMatchObject({
      added: 1,
    });
  });

  test('a note in a hidden folder has no versions to read or compare', async () => {
    const client = await t.connect('legacy');
    const path = 'Apiary/Versions.md';
    const [created, edited] = await threeVersions(client, path);
    const [version, diff] = await whileHidden(t, ['Apiary'], async () => [
      await callFail(client, 'get_note_version', { path, changeId: edited }),
      await callFail(client, 'compare_note_versions', { path, from: created }),
    ]);
    expect([version?.code, diff?.code]).toEqual(['not_found', 'not_found']);
    expect(JSON.stringify([version, diff])).not.toContain('sow');
  });

  test.each(PROTOCOL_LINES)(
    '%s: a read-only token reads versions and writes nothing',
    async (line) => {
      const writer = await t.connect(line);
      const path = `E2E/Read-only versions ${line}.md`;
      const [, edited] = await threeVersions(writer, path);
      const reader = await readOnlyClient(t, line);
      const before = await t.readText(path);
      expect(await callOk(reader, 'get_note_version', { path, changeId: edited })).toMatchObject({
        content: '# Plan\n\nsow beans\n',
      });
      expect(await callOk(reader, 'compare_note_versions', { path, from: edited })).toMatchObject({
        removed: 1,
      });
      expect((await callFail(reader, 'restore_note_version', { path, change: edited })).code).toBe(
        'tool_not_allowed',
      );
      expect(await t.readText(path)).toBe(before);
    },
  );
});

describe('save_note_version', () => {
  test.each(PROTOCOL_LINES)(
    '%s: a labelled pin lists in the history and the version tools take its label',
    async (line) => {
      const client = await t.connect(line);
      const path = `E2E/Pinned ${line}.md`;
      await threeVersions(client, path);
      const pinned = await callOk(client, 'save_note_version', { path, label: 'before harvest' });
      expect(pinned).toMatchObject({ path, label: 'before harvest' });
      await callOk(client, 'replace_in_vault_file', { path, oldText: 'peas', newText: 'corn' });
      const history = await callOk(client, 'get_note_history', { path });
      expect((history.versions as unknown[])[1]).toMatchObject({
        change: pinned.change,
        pinned: true,
        label: 'before harvest',
        restorable: true,
      });
      expect(
        await callOk(client, 'get_note_version', { path, changeId: 'before harvest' }),
      ).toMatchObject({ change: pinned.change, content: '# Plan\n\nsow peas\nwater daily\n' });
      expect(
        await callOk(client, 'compare_note_versions', { path, from: 'before harvest' }),
      ).toMatchObject({ from: pinned.change, to: 'now', added: 1, removed: 1 });
      await callOk(client, 'restore_note_version', { path, change: 'before harvest' });
      expect(await t.readText(path)).toBe('# Plan\n\nsow peas\nwater daily\n');
      expect(
        (await callFail(client, 'save_note_version', { path, label: 'before harvest' })).code,
      ).toBe('already_exists');
      expect((await callFail(client, 'undo_change', { id: pinned.change })).code).toBe(
        'invalid_arguments',
      );
    },
  );

  test('a read-only token cannot pin; a note in a hidden folder is not found', async () => {
    const writer = await t.connect('modern');
    await callOk(writer, 'create_vault_file', { path: 'Apiary/Pin.md', content: 'hive\n' });
    const reader = await readOnlyClient(t, 'modern');
    expect((await callFail(reader, 'save_note_version', { path: 'Apiary/Pin.md' })).code).toBe(
      'tool_not_allowed',
    );
    const hidden = await whileHidden(t, ['Apiary'], () =>
      callFail(writer, 'save_note_version', { path: 'Apiary/Pin.md' }),
    );
    expect(hidden.code).toBe('not_found');
  });
});
