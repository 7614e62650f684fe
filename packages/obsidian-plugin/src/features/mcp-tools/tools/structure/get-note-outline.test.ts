import { afterEach, describe, expect, test } from 'bun:test';
import { openTestHost, type TestHost } from '../../../../host/test-support/test-host.ts';
import { revisionOf } from '../../services/revision.ts';
import { runFail, runOk } from '../../test-support/run-tool.ts';
import { getNoteOutline } from './get-note-outline.ts';

let vault: TestHost;
afterEach(() => vault.close());

const NOTE = [
  '---',
  'title: x',
  '---',
  '# Title',
  'text',
  '```',
  '# not a heading (code)',
  '```',
  '### Deep #tag',
  'Setext',
  '======',
  '## Last',
].join('\n');

describe('get_note_outline', () => {
  test('headings in order with level, text and 0-based line, and the revision', async () => {
    vault = await openTestHost({ 'Notes/a.md': NOTE });
    expect(await runOk(getNoteOutline, vault.host, { path: 'Notes/a.md' })).toEqual({
      path: 'Notes/a.md',
      revision: revisionOf(NOTE),
      headings: [
        { level: 1, text: 'Title', line: 3 },
        { level: 3, text: 'Deep #tag', line: 8 },
        { level: 1, text: 'Setext', line: 9 },
        { level: 2, text: 'Last', line: 11 },
      ],
      total: 4,
      truncated: false,
    });
  });

  test('a note without headings has an empty outline', async () => {
    vault = await openTestHost({ 'plain.md': 'just text\n' });
    expect(await runOk(getNoteOutline, vault.host, { path: 'plain.md' })).toMatchObject({
      headings: [],
      total: 0,
    });
  });

  test('follows an edit at once: lines always match the revision returned', async () => {
    vault = await openTestHost({ 'a.md': '# One\n' });
    const edited = await vault.host.process('a.md', (text) => `intro\n\n${text}## Two\n`);
    expect(await runOk(getNoteOutline, vault.host, { path: 'a.md' })).toMatchObject({
      revision: revisionOf(edited),
      headings: [
        { level: 1, text: 'One', line: 2 },
        { level: 2, text: 'Two', line: 3 },
      ],
    });
  });

  test.each([
    ['a missing note', { path: 'nope.md' }, 'not_found'],
    ['a folder', { path: 'Sub' }, 'not_a_file'],
    ['a canvas', { path: 'board.canvas' }, 'unsupported'],
    ['a traversal', { path: '../outside.md' }, 'invalid_path'],
    ['a hidden note', { path: '.hidden/h.md' }, 'invalid_path'],
    ['a path that is not a string', { path: 3 }, 'invalid_arguments'],
    ['no path', {}, 'invalid_arguments'],
  ] as const)('fails clearly on %s', async (_name, args, code) => {
    vault = await openTestHost({
      'Sub/b.md': '# B',
      'board.canvas': '{}',
      '.hidden/h.md': '# H',
    });
    expect((await runFail(getNoteOutline, vault.host, { ...args })).code).toBe(code);
  });
});
