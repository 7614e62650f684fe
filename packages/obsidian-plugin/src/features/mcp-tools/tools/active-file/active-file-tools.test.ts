import { afterEach, describe, expect, test } from 'bun:test';
import { openTestHost, type TestHost } from '../../../../host/test-support/test-host.ts';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { revisionOf } from '../../services/revision.ts';
import { runFail, runOk } from '../../test-support/run-tool.ts';
import { appendToActiveFile } from './append-to-active-file.ts';
import { deleteActiveFile } from './delete-active-file.ts';
import { getActiveFile } from './get-active-file.ts';
import { showFileInObsidian } from './show-file-in-obsidian.ts';
import { updateActiveFile } from './update-active-file.ts';

let vault: TestHost;
afterEach(() => vault.close());
const FILES = { 'Notes/a.md': 'first', '.obsidian/app.json': '{"trashOption":"local"}' };

describe('active-file tools', () => {
  test('without an active note every one fails with no_active_file', async () => {
    vault = await openTestHost(FILES);
    for (const [tool, args] of [
      [getActiveFile, {}],
      [updateActiveFile, { content: 'x' }],
      [appendToActiveFile, { content: 'x' }],
      [deleteActiveFile, {}],
    ] as const) {
      expect((await runFail(tool, vault.host, args)).code).toBe('no_active_file');
    }
  });

  test('show_file_in_obsidian makes a note active; the others then act on it', async () => {
    vault = await openTestHost(FILES);
    expect(await runOk(showFileInObsidian, vault.host, { filename: 'Notes/a.md' })).toEqual({
      path: 'Notes/a.md',
      opened: true,
    });
    expect(await runOk(getActiveFile, vault.host)).toMatchObject({
      path: 'Notes/a.md',
      content: 'first',
    });
    await runOk(appendToActiveFile, vault.host, { content: 'second' });
    expect(await readFile(join(vault.root, 'Notes/a.md'), 'utf8')).toBe('first\nsecond');
    const stale = await runFail(updateActiveFile, vault.host, {
      content: 'x',
      expectedRevision: revisionOf('first'),
    });
    expect(stale.code).toBe('precondition_failed');
    await runOk(updateActiveFile, vault.host, {
      content: 'replaced',
      expectedRevision: revisionOf('first\nsecond'),
    });
    expect(await readFile(join(vault.root, 'Notes/a.md'), 'utf8')).toBe('replaced');
    await runOk(deleteActiveFile, vault.host);
    expect(vault.host.getFile('Notes/a.md')).toBeNull();
    expect((await runFail(getActiveFile, vault.host)).code).toBe('no_active_file');
  });

  test('show_file_in_obsidian refuses missing files and bad paths', async () => {
    vault = await openTestHost(FILES);
    expect((await runFail(showFileInObsidian, vault.host, { filename: 'nope.md' })).code).toBe(
      'not_found',
    );
    expect((await runFail(showFileInObsidian, vault.host, { filename: '/etc/passwd' })).code).toBe(
      'invalid_path',
    );
  });
});
