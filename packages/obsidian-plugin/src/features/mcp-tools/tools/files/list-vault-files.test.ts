import { afterEach, expect, test } from 'bun:test';
import { openTestHost, type TestHost } from '../../../../host/test-support/test-host.ts';
import { runFail, runOk } from '../../test-support/run-tool.ts';
import { listVaultFiles } from './list-vault-files.ts';

let vault: TestHost;
afterEach(() => vault.close());

test('lists direct children, folders first, with total and truncation', async () => {
  vault = await openTestHost({
    'b.md': '',
    'a.md': '',
    'Sub/c.md': '',
    'Sub/Deep/d.md': '',
    '.hidden/x.md': '',
  });
  expect(await runOk(listVaultFiles, vault.host, {})).toEqual({
    directory: '',
    entries: ['Sub/', 'a.md', 'b.md'],
    total: 3,
    truncated: false,
  });
  expect(await runOk(listVaultFiles, vault.host, { directory: 'Sub', limit: 1 })).toEqual({
    directory: 'Sub',
    entries: ['Sub/Deep/'],
    total: 2,
    truncated: true,
  });
  expect((await runFail(listVaultFiles, vault.host, { directory: 'Nope' })).code).toBe('not_found');
  expect((await runFail(listVaultFiles, vault.host, { directory: 'a.md' })).code).toBe(
    'not_a_folder',
  );
  expect((await runFail(listVaultFiles, vault.host, { directory: '.hidden' })).code).toBe(
    'invalid_path',
  );
  expect((await runFail(listVaultFiles, vault.host, { limit: 0 })).code).toBe('invalid_arguments');
});
