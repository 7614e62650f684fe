import { afterEach, expect, test } from 'bun:test';
import { openTestHost, type TestHost } from '../../../../host/test-support/test-host.ts';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { revisionOf } from '../../services/revision.ts';
import { runFail, runOk } from '../../test-support/run-tool.ts';
import { deleteVaultFile } from './delete-vault-file.ts';

let vault: TestHost;
afterEach(() => vault.close());
const LOCAL_TRASH = { '.obsidian/app.json': '{"trashOption":"local"}' };

test('moves the file to the trash, recoverably', async () => {
  vault = await openTestHost({ 'a.md': 'keep me', ...LOCAL_TRASH });
  expect(await runOk(deleteVaultFile, vault.host, { path: 'a.md' })).toEqual({
    path: 'a.md',
    trashed: true,
  });
  expect(vault.host.getFile('a.md')).toBeNull();
  expect(await readFile(join(vault.root, '.trash/a.md'), 'utf8')).toBe('keep me');
});

test('refuses folders, missing files and stale revisions', async () => {
  vault = await openTestHost({ 'Sub/a.md': 'a', ...LOCAL_TRASH });
  expect((await runFail(deleteVaultFile, vault.host, { path: 'Sub' })).code).toBe('not_a_file');
  expect((await runFail(deleteVaultFile, vault.host, { path: 'nope.md' })).code).toBe('not_found');
  expect(
    (
      await runFail(deleteVaultFile, vault.host, {
        path: 'Sub/a.md',
        expectedRevision: revisionOf('b'),
      })
    ).code,
  ).toBe('precondition_failed');
  expect(vault.host.getFile('Sub/a.md')).not.toBeNull();
});
