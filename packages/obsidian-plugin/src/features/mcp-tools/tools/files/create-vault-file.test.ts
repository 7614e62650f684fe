import { afterEach, expect, test } from 'bun:test';
import {
  openTestHost,
  snapshotVault,
  type TestHost,
} from '../../../../host/test-support/test-host.ts';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { revisionOf } from '../../services/revision.ts';
import { runFail, runOk } from '../../test-support/run-tool.ts';
import { createVaultFile } from './create-vault-file.ts';

let vault: TestHost;
afterEach(() => vault.close());

test('creates a note with its missing folders', async () => {
  vault = await openTestHost({});
  expect(await runOk(createVaultFile, vault.host, { path: 'A/B/new.md', content: 'hi' })).toEqual({
    path: 'A/B/new.md',
    revision: revisionOf('hi'),
    created: true,
  });
  expect(await readFile(join(vault.root, 'A/B/new.md'), 'utf8')).toBe('hi');
});

test('replaces an existing note, guarded by expectedRevision', async () => {
  vault = await openTestHost({ 'a.md': 'old' });
  const stale = await runFail(createVaultFile, vault.host, {
    path: 'a.md',
    content: 'new',
    expectedRevision: revisionOf('other'),
  });
  expect(stale).toMatchObject({
    code: 'precondition_failed',
    details: { currentRevision: revisionOf('old') },
  });
  expect(await readFile(join(vault.root, 'a.md'), 'utf8')).toBe('old');
  expect(
    await runOk(createVaultFile, vault.host, {
      path: 'a.md',
      content: 'new',
      expectedRevision: revisionOf('old'),
    }),
  ).toMatchObject({ created: false, revision: revisionOf('new') });
});

test.each([
  ['a folder path', { path: 'Sub', content: 'x' }, 'not_a_file'],
  ['a traversal', { path: '../evil.md', content: 'x' }, 'invalid_path'],
  ['the config folder', { path: '.obsidian/app.json', content: '{}' }, 'invalid_path'],
  [
    'a revision for a new file',
    { path: 'new.md', content: 'x', expectedRevision: 'abc' },
    'precondition_failed',
  ],
  ['a binary file', { path: 'pic.png', content: 'x' }, 'unsupported'],
] as const)('refuses %s and changes nothing', async (_name, args, code) => {
  vault = await openTestHost({
    'Sub/a.md': 'a',
    'pic.png': new Uint8Array([1]),
    '.obsidian/app.json': '{"x":1}',
  });
  const before = await snapshotVault(vault.root);
  expect((await runFail(createVaultFile, vault.host, { ...args })).code).toBe(code);
  expect(await snapshotVault(vault.root)).toEqual(before);
});
