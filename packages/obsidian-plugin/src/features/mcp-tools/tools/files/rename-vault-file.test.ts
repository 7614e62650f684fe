import { afterEach, expect, test } from 'bun:test';
import { openTestHost, type TestHost } from '../../../../host/test-support/test-host.ts';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { runFail, runOk } from '../../test-support/run-tool.ts';
import { renameVaultFile } from './rename-vault-file.ts';

let vault: TestHost;
afterEach(() => vault.close());

test('renames a note and rewrites the links to it', async () => {
  vault = await openTestHost({
    'Old.md': '# Old',
    'ref.md': 'See [[Old]] and [[Old#Old|x]].',
    'other.md': 'no links',
  });
  expect(
    await runOk(renameVaultFile, vault.host, { from: 'Old.md', to: 'Archive/New.md' }),
  ).toEqual({ from: 'Old.md', to: 'Archive/New.md', referencingNotes: 1 });
  expect(await readFile(join(vault.root, 'ref.md'), 'utf8')).toBe('See [[New]] and [[New#Old|x]].');
  expect(await readFile(join(vault.root, 'other.md'), 'utf8')).toBe('no links');
});

test('moves a folder with everything in it', async () => {
  vault = await openTestHost({ 'F/a.md': 'a', 'ref.md': '[[F/a]]' });
  await runOk(renameVaultFile, vault.host, { from: 'F', to: 'G' });
  // The shortest link that still leads there, as Obsidian's default link format writes it.
  expect(await readFile(join(vault.root, 'ref.md'), 'utf8')).toBe('[[a]]');
  expect(vault.host.resolvedLinks()['ref.md']).toEqual({ 'G/a.md': 1 });
});

test.each([
  ['a missing source', { from: 'nope.md', to: 'x.md' }, 'not_found'],
  ['an existing target', { from: 'a.md', to: 'b.md' }, 'already_exists'],
  ['a traversal target', { from: 'a.md', to: '../a.md' }, 'invalid_path'],
  ['the config folder', { from: 'a.md', to: '.obsidian/a.md' }, 'invalid_path'],
] as const)('refuses %s', async (_name, args, code) => {
  vault = await openTestHost({ 'a.md': 'a', 'b.md': 'b' });
  expect((await runFail(renameVaultFile, vault.host, { ...args })).code).toBe(code);
  expect(vault.host.getFile('a.md')).not.toBeNull();
});
