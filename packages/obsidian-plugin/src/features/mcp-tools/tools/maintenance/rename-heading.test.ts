import { afterEach, describe, expect, test } from 'bun:test';
import {
  openTestHost,
  snapshotVault,
  type TestHost,
} from '../../../../host/test-support/test-host.ts';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { revisionOf } from '../../services/revision.ts';
import { runFail, runOk } from '../../test-support/run-tool.ts';
import { renameHeading } from './rename-heading.ts';

const lines = (...text: string[]) => text.join('\n');

const VAULT = {
  'Target.md': lines(
    '---',
    'up: "[[Target#Old Name]]"',
    '---',
    '# Title',
    '## Old Name',
    'See [[#Old Name]] and [[#old name|alias]].',
    '### Child',
    '## Other',
  ),
  'Ref.md': lines(
    '---',
    'related:',
    "  - '[[Target#Old Name|x]]'",
    '---',
    '[[Target#Old Name]] [[Target#Old Name|keep alias]] ![[Target#Old Name]]',
    '[[Target#Title#Old Name#Child]] [[Target#OLD   name!]]',
    '[x](Target.md#Old%20Name "t") [y](<Target.md#old name>)',
    '[[Target#Other]] [[Target]] [[Elsewhere#Old Name]] [[#Old Name]]',
  ),
  'Table.md': lines('| a | b |', '|---|---|', '| 1 | [[Target#Old Name\\|al]] |'),
  'Code.md': lines('```', '[[Target#Old Name]]', '```', '`[[Target#Old Name]]`'),
  'Elsewhere.md': '## Old Name\n',
  'Untouched.md': 'no links\n',
  'board.canvas': JSON.stringify({
    nodes: [
      {
        id: '1',
        type: 'file',
        file: 'Target.md',
        subpath: '#Old Name',
        x: 0,
        y: 0,
        width: 1,
        height: 1,
      },
    ],
    edges: [],
  }),
};

let vault: TestHost;
afterEach(() => vault.close());

const rename = (args: Record<string, unknown>) => runOk(renameHeading, vault.host, args);
const disk = (path: string) => readFile(join(vault.root, path), 'utf8');

describe('rename_heading', () => {
  test('renames the heading and every link to it, and nothing else', async () => {
    vault = await openTestHost(VAULT);
    const result = await rename({ path: 'Target.md', from: { text: 'Old Name' }, to: 'New Name' });
    expect(await disk('Target.md')).toBe(
      lines(
        '---',
        'up: "[[Target#New Name]]"',
        '---',
        '# Title',
        '## New Name',
        'See [[#New Name]] and [[#New Name|alias]].',
        '### Child',
        '## Other',
      ),
    );
    expect(await disk('Ref.md')).toBe(
      lines(
        '---',
        'related:',
        "  - '[[Target#New Name|x]]'",
        '---',
        '[[Target#New Name]] [[Target#New Name|keep alias]] ![[Target#New Name]]',
        '[[Target#Title#New Name#Child]] [[Target#New Name]]',
        '[x](Target.md#New%20Name "t") [y](<Target.md#New Name>)',
        '[[Target#Other]] [[Target]] [[Elsewhere#Old Name]] [[#Old Name]]',
      ),
    );
    expect(await disk('Table.md')).toBe(
      lines('| a | b |', '|---|---|', '| 1 | [[Target#New Name\\|al]] |'),
    );
    for (const path of ['Code.md', 'Elsewhere.md', 'Untouched.md', 'board.canvas'] as const) {
      expect(await disk(path)).toBe(VAULT[path]);
    }
    expect(result).toEqual({
      path: 'Target.md',
      from: 'Old Name',
      to: 'New Name',
      level: 2,
      line: 4,
      revision: revisionOf(await disk('Target.md')),
      linksUpdated: 12,
      filesChanged: [
        { path: 'Target.md', links: 3, revision: revisionOf(await disk('Target.md')) },
        { path: 'Ref.md', links: 8, revision: revisionOf(await disk('Ref.md')) },
        { path: 'Table.md', links: 1, revision: revisionOf(await disk('Table.md')) },
      ],
      canvasesNotUpdated: ['board.canvas'],
    });
  });

  test('the metadata cache sees the new heading and links at once', async () => {
    vault = await openTestHost(VAULT);
    await rename({ path: 'Target.md', from: { text: 'Old Name' }, to: 'New Name' });
    expect(vault.host.getFileCache('Target.md')?.headings?.[1]?.heading).toBe('New Name');
    expect(vault.host.getFileCache('Ref.md')?.links?.[0]?.link).toBe('Target#New Name');
  });

  test('a name links cannot hold is written plainly in links, and still reaches the heading', async () => {
    vault = await openTestHost({ 'N.md': '## Old\n[[#Old]]\n[m](N.md#Old)' });
    await rename({ path: 'N.md', from: { text: 'Old' }, to: 'Q&A: the #1 [[list]]' });
    expect(await disk('N.md')).toBe(
      '## Q&A: the #1 [[list]]\n[[#Q&A the 1 list]]\n[m](N.md#Q&A%20the%201%20list)',
    );
  });

  test('keeps the heading markup: closing hashes, setext underline, indentation', async () => {
    vault = await openTestHost({
      'N.md': lines('  ## Old ##  ', 'Setext', 'title', '---', '[[#Setext title]]'),
    });
    await rename({ path: 'N.md', from: { text: 'old' }, to: 'New' });
    await rename({ path: 'N.md', from: { text: 'Setext title' }, to: 'Renamed' });
    expect(await disk('N.md')).toBe(lines('  ## New ##  ', 'Renamed', '---', '[[#Renamed]]'));
  });

  test('from.level picks among same-named headings; a link by name reaches only the first', async () => {
    vault = await openTestHost({
      'N.md': lines('# Dup', '## Dup', '[[#Dup]] [[#Dup#Dup]]'),
    });
    expect(
      (await runFail(renameHeading, vault.host, { path: 'N.md', from: { text: 'Dup' }, to: 'X' }))
        .code,
    ).toBe('ambiguous_heading');
    await rename({ path: 'N.md', from: { text: 'Dup', level: 2 }, to: 'Second' });
    expect(await disk('N.md')).toBe(lines('# Dup', '## Second', '[[#Dup]] [[#Dup#Second]]'));
  });

  test('the exact text wins over a looser match', async () => {
    vault = await openTestHost({ 'N.md': lines('## Notes!', '## notes') });
    await rename({ path: 'N.md', from: { text: 'notes' }, to: 'Later' });
    expect(await disk('N.md')).toBe(lines('## Notes!', '## Later'));
  });

  test('a name another heading of another level has is allowed', async () => {
    vault = await openTestHost({ 'N.md': lines('# Tasks', '## Old') });
    await rename({ path: 'N.md', from: { text: 'Old' }, to: 'tasks' });
    expect(await disk('N.md')).toBe(lines('# Tasks', '## tasks'));
  });

  test('expectedRevision guards the note', async () => {
    vault = await openTestHost(VAULT);
    const revision = revisionOf(VAULT['Target.md']);
    const args = {
      path: 'Target.md',
      from: { text: 'Old Name' },
      to: 'X',
      expectedRevision: revision,
    };
    expect(await rename(args)).toMatchObject({ to: 'X' });
    const stale = await runFail(renameHeading, vault.host, {
      ...args,
      from: { text: 'X' },
      to: 'Y',
    });
    expect(stale.code).toBe('precondition_failed');
  });

  describe('refusals leave the vault byte-for-byte unchanged', () => {
    test.each([
      ['a missing heading', { from: { text: 'Nope' }, to: 'X' }, 'heading_not_found'],
      [
        'a heading at another level',
        { from: { text: 'Old Name', level: 3 }, to: 'X' },
        'heading_not_found',
      ],
      [
        'a name taken at that level',
        { from: { text: 'Old Name' }, to: 'other!' },
        'already_exists',
      ],
      ['an empty name', { from: { text: 'Old Name' }, to: '  ' }, 'invalid_arguments'],
      ['a two-line name', { from: { text: 'Old Name' }, to: 'A\n# B' }, 'invalid_arguments'],
      ['a name of punctuation only', { from: { text: 'Old Name' }, to: '?!' }, 'invalid_arguments'],
      [
        'a name Markdown reads back otherwise',
        { from: { text: 'Old Name' }, to: 'A ##' },
        'invalid_arguments',
      ],
      [
        'a stale revision',
        { from: { text: 'Old Name' }, to: 'X', expectedRevision: 'abc' },
        'precondition_failed',
      ],
      [
        'a level out of range',
        { from: { text: 'Old Name', level: 7 }, to: 'X' },
        'invalid_arguments',
      ],
      [
        'an unknown key in from',
        { from: { text: 'Old Name', line: 4 }, to: 'X' },
        'invalid_arguments',
      ],
    ] as const)('%s', async (_name, args, code) => {
      vault = await openTestHost(VAULT);
      const before = await snapshotVault(vault.root);
      const failure = await runFail(renameHeading, vault.host, { path: 'Target.md', ...args });
      expect(failure.code).toBe(code);
      expect(await snapshotVault(vault.root)).toEqual(before);
    });

    test.each([
      ['a missing note', 'Nope.md', 'not_found'],
      ['a canvas', 'board.canvas', 'unsupported'],
      ['a traversal', '../Target.md', 'invalid_path'],
      ['the config folder', '.obsidian/app.json', 'invalid_path'],
    ] as const)('%s', async (_name, path, code) => {
      vault = await openTestHost(VAULT);
      const before = await snapshotVault(vault.root);
      const failure = await runFail(renameHeading, vault.host, {
        path,
        from: { text: 'Old Name' },
        to: 'X',
      });
      expect(failure.code).toBe(code);
      expect(await snapshotVault(vault.root)).toEqual(before);
    });
  });

  test('heading_not_found names the headings there are', async () => {
    vault = await openTestHost(VAULT);
    const failure = await runFail(renameHeading, vault.host, {
      path: 'Target.md',
      from: { text: 'Nope' },
      to: 'X',
    });
    expect(failure.message).toContain('## Old Name (line 4)');
  });
});
