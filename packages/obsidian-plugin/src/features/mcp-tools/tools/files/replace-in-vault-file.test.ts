import { afterEach, expect, test } from 'bun:test';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { openTestHost, type TestHost } from '../../../../host/test-support/test-host.ts';
import { revisionOf } from '../../services/revision.ts';
import { runFail, runOk } from '../../test-support/run-tool.ts';
import { replaceInVaultFile } from './replace-in-vault-file.ts';

let vault: TestHost;
afterEach(() => vault.close());

const text = (path: string) => readFile(join(vault.root, path), 'utf8');

test('replaces the one occurrence and leaves the rest byte for byte', async () => {
  vault = await openTestHost({ 'a.md': '# A\n\nThe hive is calm.\nThe yard is quiet.\n' });
  const result = await runOk(replaceInVaultFile, vault.host, {
    path: 'a.md',
    oldText: 'hive is calm',
    newText: 'hive is loud',
  });
  const after = '# A\n\nThe hive is loud.\nThe yard is quiet.\n';
  expect(await text('a.md')).toBe(after);
  expect(result).toEqual({ path: 'a.md', replacements: 1, revision: revisionOf(after) });
});

test('text found more than once fails with the count and the 0-indexed lines, writing nothing', async () => {
  const before = 'one\nthe x and the x\nthree\nthe x\n';
  vault = await openTestHost({ 'a.md': before });
  const failure = await runFail(replaceInVaultFile, vault.host, {
    path: 'a.md',
    oldText: 'the x',
    newText: 'y',
  });
  expect(failure).toMatchObject({
    code: 'ambiguous_text',
    details: { path: 'a.md', count: 3, lines: [1, 3] },
  });
  expect(failure.message).toContain('3 times');
  expect(failure.message).toContain('replaceAll');
  expect(await text('a.md')).toBe(before);
  expect(
    await runOk(replaceInVaultFile, vault.host, {
      path: 'a.md',
      oldText: 'the x',
      newText: 'y',
      replaceAll: true,
    }),
  ).toMatchObject({ replacements: 3 });
  expect(await text('a.md')).toBe('one\ny and y\nthree\ny\n');
});

test('text that is not there fails with text_not_found; empty oldText is refused', async () => {
  vault = await openTestHost({ 'a.md': 'alpha\n' });
  const missing = await runFail(replaceInVaultFile, vault.host, {
    path: 'a.md',
    oldText: 'Alpha',
    newText: 'b',
  });
  expect(missing).toMatchObject({ code: 'text_not_found', details: { path: 'a.md' } });
  expect(
    (await runFail(replaceInVaultFile, vault.host, { path: 'a.md', oldText: '', newText: 'b' }))
      .code,
  ).toBe('invalid_arguments');
  expect(await text('a.md')).toBe('alpha\n');
});

test('a CRLF note matches line breaks given as LF and stays CRLF', async () => {
  vault = await openTestHost({ 'win.md': 'first\r\nsecond\r\nthird\r\n' });
  await runOk(replaceInVaultFile, vault.host, {
    path: 'win.md',
    oldText: 'first\nsecond',
    newText: 'one\ntwo',
  });
  expect(await text('win.md')).toBe('one\r\ntwo\r\nthird\r\n');
});

test('a stale expectedRevision writes nothing; the current one applies', async () => {
  vault = await openTestHost({ 'a.md': 'x = 1\n' });
  const stale = await runFail(replaceInVaultFile, vault.host, {
    path: 'a.md',
    oldText: '1',
    newText: '2',
    expectedRevision: revisionOf('other'),
  });
  expect(stale).toMatchObject({
    code: 'precondition_failed',
    details: { currentRevision: revisionOf('x = 1\n') },
  });
  await runOk(replaceInVaultFile, vault.host, {
    path: 'a.md',
    oldText: '1',
    newText: '2',
    expectedRevision: revisionOf('x = 1\n'),
  });
  expect(await text('a.md')).toBe('x = 2\n');
});

test('a missing file, a folder and a binary file are refused', async () => {
  vault = await openTestHost({ 'Dir/a.md': 'a', 'pic.png': new Uint8Array([1, 2, 3]) });
  const edit = { oldText: 'a', newText: 'b' };
  expect((await runFail(replaceInVaultFile, vault.host, { path: 'no.md', ...edit })).code).toBe(
    'not_found',
  );
  expect((await runFail(replaceInVaultFile, vault.host, { path: 'Dir', ...edit })).code).toBe(
    'not_a_file',
  );
  expect((await runFail(replaceInVaultFile, vault.host, { path: 'pic.png', ...edit })).code).toBe(
    'unsupported',
  );
});
