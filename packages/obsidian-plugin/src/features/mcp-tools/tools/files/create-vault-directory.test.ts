import { afterEach, expect, test } from 'bun:test';
import { openTestHost, type TestHost } from '../../../../host/test-support/test-host.ts';
import { runFail, runOk } from '../../test-support/run-tool.ts';
import { createVaultDirectory } from './create-vault-directory.ts';

let vault: TestHost;
afterEach(() => vault.close());

test('creates nested folders and is idempotent', async () => {
  vault = await openTestHost({ 'a.md': 'a' });
  expect(await runOk(createVaultDirectory, vault.host, { path: 'X/Y/Z' })).toEqual({
    path: 'X/Y/Z',
    created: true,
  });
  expect(await runOk(createVaultDirectory, vault.host, { path: 'X/Y/Z' })).toEqual({
    path: 'X/Y/Z',
    created: false,
  });
  expect(vault.host.getFolder('X/Y')).not.toBeNull();
  expect((await runFail(createVaultDirectory, vault.host, { path: 'a.md' })).code).toBe(
    'not_a_folder',
  );
  expect((await runFail(createVaultDirectory, vault.host, { path: '' })).code).toBe('invalid_path');
});
