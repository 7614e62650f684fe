import { afterEach, expect, test } from 'bun:test';
import { openTestHost, type TestHost } from '../../../../host/test-support/test-host.ts';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { runFail, runOk } from '../../test-support/run-tool.ts';
import { createVaultBinaryFile } from './create-vault-binary-file.ts';

let vault: TestHost;
afterEach(() => vault.close());

test('writes the decoded bytes', async () => {
  vault = await openTestHost({});
  const bytes = new Uint8Array([0, 1, 2, 250, 255]);
  const result = await runOk(createVaultBinaryFile, vault.host, {
    path: 'Files/x.bin',
    content: Buffer.from(bytes).toString('base64'),
  });
  expect(result).toMatchObject({ path: 'Files/x.bin', size: 5 });
  expect([...(await readFile(join(vault.root, 'Files/x.bin')))]).toEqual([...bytes]);
});

test('refuses invalid base64 and existing files', async () => {
  vault = await openTestHost({ 'x.bin': new Uint8Array([1]) });
  expect(
    (await runFail(createVaultBinaryFile, vault.host, { path: 'y.bin', content: 'not base64!' }))
      .code,
  ).toBe('invalid_arguments');
  expect(
    (await runFail(createVaultBinaryFile, vault.host, { path: 'x.bin', content: 'AAAA' })).code,
  ).toBe('already_exists');
  expect([...(await readFile(join(vault.root, 'x.bin')))]).toEqual([1]);
});
