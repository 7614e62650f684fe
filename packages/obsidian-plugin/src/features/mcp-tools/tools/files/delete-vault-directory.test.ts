import { afterEach, expect, test } from 'bun:test';
import { openTestHost, type TestHost } from '../../../../host/test-support/test-host.ts';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { runFail, runOk } from '../../test-support/run-tool.ts';
import { deleteVaultDirectory } from './delete-vault-directory.ts';

let vault: TestHost;
afterEach(() => vault.close());
const FILES = {
  'Full/a.md': 'a',
  'Full/Deep/b.md': 'b',
  'top.md': 't',
  '.obsidian/app.json': '{"trashOption":"local"}',
};

test('a non-empty folder needs recursive, then goes to the trash whole', async () => {
  vault = await openTestHost(FILES);
  await vault.host.createFolder('Empty');
  expect(await runFail(deleteVaultDirectory, vault.host, { path: 'Full' })).toMatchObject({
    code: 'not_empty',
    details: { files: 2, folders: 1 },
  });
  expect(await runOk(deleteVaultDirectory, vault.host, { path: 'Empty' })).toMatchObject({
    trashed: true,
    files: 0,
  });
  expect(
    await runOk(deleteVaultDirectory, vault.host, { path: 'Full', recursive: true }),
  ).toMatchObject({ trashed: true, files: 2, folders: 1 });
  expect(vault.host.getFolder('Full')).toBeNull();
  expect(await readFile(join(vault.root, '.trash/Full/Deep/b.md'), 'utf8')).toBe('b');
});

test.each([
  ['the vault root', '', 'invalid_path'],
  ['the root as "/"', '/', 'invalid_path'],
  ['a file', 'top.md', 'not_a_folder'],
  ['a missing folder', 'Nope', 'not_found'],
  ['the config folder', '.obsidian', 'invalid_path'],
] as const)('refuses %s', async (_name, path, code) => {
  vault = await openTestHost(FILES);
  expect((await runFail(deleteVaultDirectory, vault.host, { path, recursive: true })).code).toBe(
    code,
  );
  expect(vault.host.listFiles().length).toBe(3);
});
