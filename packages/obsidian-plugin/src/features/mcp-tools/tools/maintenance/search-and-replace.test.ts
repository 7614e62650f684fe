import { afterEach, describe, expect, test } from 'bun:test';
import {
  openTestHost,
  snapshotVault,
  type TestHost,
} from '../../../../host/test-support/test-host.ts';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { VaultAnswers } from '../../../../host/vault-host.ts';
import { revisionOf } from '../../services/revision.ts';
import { overrideHost } from '../../../../host/test-support/host-double.ts';
import { runFail, runOk } from '../../test-support/run-tool.ts';
import { searchAndReplace } from './search-and-replace.ts';

const VAULT = {
  'a.md': '---\nstatus: draft\n---\nThe draft is a draft.\n`draft` stays\n',
  'Projects/b.md': 'Draft and draft.\n```\ndraft\n```\n',
  'Projects/c.md': 'nothing to see\n',
  'Projects.md': 'draft in a note named like the folder\n',
  'notes.txt': 'draft in a text file\n',
};

let vault: TestHost;
afterEach(() => vault.close());

const replace = (args: Record<string, unknown>) => runOk(searchAndReplace, vault.host, args);
const disk = (path: string) => readFile(join(vault.root, path), 'utf8');
const paths = (files: unknown) => (files as { path: string }[]).map((file) => file.path);

describe('search_and_replace', () => {
  test('a dry run by default: counts and previews, nothing written', async () => {
    vault = await openTestHost(VAULT);
    const before = await snapshotVault(vault.root);
    const result = await replace({ pattern: 'draft', replacement: 'final' });
    expect(result).toEqual({
      dryRun: true,
      filesMatched: 3,
      replacements: 4,
      skippedMatches: 3,
      files: [
        {
          path: 'Projects.md',
          revision: revisionOf(VAULT['Projects.md']),
          replacements: 1,
          previews: [
            {
              line: 0,
              before: 'draft in a note named like the folder',
              after: 'final in a note named like the folder',
            },
          ],
        },
        {
          path: 'Projects/b.md',
          revision: revisionOf(VAULT['Projects/b.md']),
          replacements: 1,
          previews: [{ line: 0, before: 'Draft and draft.', after: 'Draft and final.' }],
        },
        {
          path: 'a.md',
          revision: revisionOf(VAULT['a.md']),
          replacements: 2,
          previews: [
            { line: 3, before: 'The draft is a draft.', after: 'The final is a draft.' },
            { line: 3, before: 'The draft is a draft.', after: 'The draft is a final.' },
          ],
        },
      ],
      total: 3,
      truncated: false,
    });
    expect(await snapshotVault(vault.root)).toEqual(before);
  });

  test('dry_run false writes each changed note and returns its new revision', async () => {
    vault = await openTestHost(VAULT);
    const result = await replace({
      pattern: '(d)raft',
      replacement: '$1one',
      flags: 'i',
      dry_run: false,
    });
    expect(await disk('a.md')).toBe(
      '---\nstatus: draft\n---\nThe done is a done.\n`draft` stays\n',
    );
    expect(await disk('Projects/b.md')).toBe('Done and done.\n```\ndraft\n```\n');
    expect(await disk('notes.txt')).toBe('draft in a text file\n');
    expect(result).toEqual({
      dryRun: false,
      filesChanged: 3,
      replacements: 5,
      skippedMatches: 3,
      files: [
        { path: 'Projects.md', replacements: 1, revision: revisionOf(await disk('Projects.md')) },
        {
          path: 'Projects/b.md',
          replacements: 2,
          revision: revisionOf(await disk('Projects/b.md')),
        },
        { path: 'a.md', replacements: 2, revision: revisionOf(await disk('a.md')) },
      ],
      total: 3,
      truncated: false,
    });
  });

  test('includeFrontmatter and includeCode reach what is otherwise left alone', async () => {
    vault = await openTestHost(VAULT);
    await replace({
      pattern: 'draft',
      replacement: 'final',
      dry_run: false,
      includeFrontmatter: true,
      includeCode: true,
      scope: 'a.md',
    });
    expect(await disk('a.md')).toBe(
      '---\nstatus: final\n---\nThe final is a final.\n`final` stays\n',
    );
  });

  test('scope: a folder at any depth, or one note; the rest is untouched', async () => {
    vault = await openTestHost(VAULT);
    expect(await replace({ pattern: 'draft', replacement: 'x', scope: 'Projects' })).toMatchObject({
      filesMatched: 1,
      files: [{ path: 'Projects/b.md' }],
    });
    await replace({ pattern: 'draft', replacement: 'x', scope: 'Projects.md', dry_run: false });
    expect(await disk('Projects.md')).toBe('x in a note named like the folder\n');
    expect(await disk('a.md')).toBe(VAULT['a.md']);
  });

  test("the answers' sections decide what is code; without them the note is parsed", async () => {
    const text = 'draft one\ndraft two\n';
    vault = await openTestHost({ 'n.md': text });
    let sections: VaultAnswers['noteSections'] = (_path, given) =>
      given === text
        ? [
            { type: 'paragraph', start: 0, end: 9 },
            { type: 'code', start: 10, end: 19 }, // as if the second line were code
          ]
        : null;
    const answers = overrideHost(vault.host.answers(), {
      noteSections: (path, given) => sections(path, given),
    });
    const host = overrideHost(vault.host, { answers: () => answers });
    const dryRun = () => runOk(searchAndReplace, host, { pattern: 'draft', replacement: 'x' });
    expect(await dryRun()).toMatchObject({ replacements: 1, skippedMatches: 1 });
    sections = () => null;
    expect(await dryRun()).toMatchObject({ replacements: 2, skippedMatches: 0 });
  });

  test('no match is an empty result, not an error', async () => {
    vault = await openTestHost(VAULT);
    expect(await replace({ pattern: 'zebra', replacement: 'x', dry_run: false })).toEqual({
      dryRun: false,
      filesChanged: 0,
      replacements: 0,
      skippedMatches: 0,
      files: [],
      total: 0,
      truncated: false,
    });
  });

  test('applying works on the text current at write time', async () => {
    vault = await openTestHost({ 'a.md': 'one cat' });
    const original = vault.host.process.bind(vault.host);
    // Another writer appends between our read and our write.
    vault.host.process = async (path, transform) => {
      await original(path, (text) => `${text} and another cat`);
      return original(path, transform);
    };
    const result = await replace({ pattern: 'cat', replacement: 'dog', dry_run: false });
    expect(await disk('a.md')).toBe('one dog and another dog');
    expect(result).toMatchObject({ replacements: 2, files: [{ path: 'a.md', replacements: 2 }] });
  });

  test('a note deleted between the dry pass and its write is skipped, the others written', async () => {
    vault = await openTestHost({ 'a.md': 'cat', 'b.md': 'cat', 'c.md': 'cat' });
    const original = vault.host.process.bind(vault.host);
    vault.host.process = async (path, transform) => {
      if (path === 'a.md') await vault.host.trashFile('b.md');
      return original(path, transform);
    };
    const result = await replace({ pattern: 'cat', replacement: 'dog', dry_run: false });
    expect(paths(result.files)).toEqual(['a.md', 'c.md']);
    expect([await disk('a.md'), await disk('c.md')]).toEqual(['dog', 'dog']);
  });

  test.each([
    ['a lookahead', { pattern: 'a(?=b)', replacement: 'x' }, 'unsupported_regex'],
    ['an invalid pattern', { pattern: '(unclosed', replacement: 'x' }, 'invalid_regex'],
    ['an empty pattern', { pattern: '', replacement: 'x' }, 'invalid_regex'],
    ['the sticky flag', { pattern: 'a', replacement: 'x', flags: 'gy' }, 'invalid_regex'],
    ['a missing scope', { pattern: 'a', replacement: 'x', scope: 'Nope' }, 'not_found'],
    ['a traversal scope', { pattern: 'a', replacement: 'x', scope: '../a.md' }, 'invalid_path'],
    ['a text file as scope', { pattern: 'a', replacement: 'x', scope: 'notes.txt' }, 'unsupported'],
    ['a missing replacement', { pattern: 'a' }, 'invalid_arguments'],
    [
      'a string for dry_run',
      { pattern: 'a', replacement: 'x', dry_run: 'no' },
      'invalid_arguments',
    ],
  ] as const)('refuses %s and writes nothing', async (_name, args, code) => {
    vault = await openTestHost(VAULT);
    const before = await snapshotVault(vault.root);
    const failure = await runFail(searchAndReplace, vault.host, { dry_run: false, ...args });
    expect(failure.code).toBe(code);
    expect(await snapshotVault(vault.root)).toEqual(before);
  });
});
