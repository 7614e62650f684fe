import { afterEach, expect, test } from 'bun:test';
import { openTestHost, type TestHost } from '../../../../host/test-support/test-host.ts';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { revisionOf } from '../../services/revision.ts';
import { runFail, runOk } from '../../test-support/run-tool.ts';
import { appendToVaultFile } from './append-to-vault-file.ts';

let vault: TestHost;
afterEach(() => vault.close());

test('appends on a new line and creates missing files', async () => {
  vault = await openTestHost({ 'a.md': 'no newline', 'b.md': 'newline\n' });
  await runOk(appendToVaultFile, vault.host, { path: 'a.md', content: 'one' });
  await runOk(appendToVaultFile, vault.host, { path: 'b.md', content: 'two' });
  expect(
    await runOk(appendToVaultFile, vault.host, { path: 'New/c.md', content: 'three' }),
  ).toMatchObject({ created: true });
  expect(await readFile(join(vault.root, 'a.md'), 'utf8')).toBe('no newline\none');
  expect(await readFile(join(vault.root, 'b.md'), 'utf8')).toBe('newline\ntwo');
  expect(await readFile(join(vault.root, 'New/c.md'), 'utf8')).toBe('three');
});

test('50 concurrent appends lose nothing, even to a file they create', async () => {
  vault = await openTestHost({});
  await Promise.all(
    Array.from({ length: 50 }, (_, index) =>
      runOk(appendToVaultFile, vault.host, { path: 'log.md', content: `entry ${index}\n` }),
    ),
  );
  const lines = (await readFile(join(vault.root, 'log.md'), 'utf8')).split('\n').filter(Boolean);
  expect(lines.sort()).toEqual(Array.from({ length: 50 }, (_, index) => `entry ${index}`).sort());
});

test('a stale expectedRevision appends nothing', async () => {
  vault = await openTestHost({ 'a.md': 'x' });
  expect(
    (
      await runFail(appendToVaultFile, vault.host, {
        path: 'a.md',
        content: 'y',
        expectedRevision: revisionOf('z'),
      })
    ).code,
  ).toBe('precondition_failed');
  expect(await readFile(join(vault.root, 'a.md'), 'utf8')).toBe('x');
});

test('a BOM and CRLF line ends survive an append; a note that is not UTF-8 is refused', async () => {
  const latin1 = Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0a]);
  vault = await openTestHost({ 'win.md': '\uFEFF# Log\r\nfirst\r\n', 'latin.md': latin1 });
  await runOk(appendToVaultFile, vault.host, { path: 'win.md', content: 'second\nthird' });
  expect(await readFile(join(vault.root, 'win.md'))).toEqual(
    Buffer.from('\uFEFF# Log\r\nfirst\r\nsecond\r\nthird'),
  );
  const failure = await runFail(appendToVaultFile, vault.host, { path: 'latin.md', content: 'x' });
  expect(failure.code).toBe('unsupported_encoding');
  expect(await readFile(join(vault.root, 'latin.md'))).toEqual(latin1);
});
