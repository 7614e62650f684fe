import { afterEach, describe, expect, test } from 'bun:test';
import { openTestHost, type TestHost } from '../../../../host/test-support/test-host.ts';
import { runFail, runOk } from '../../test-support/run-tool.ts';
import { findBrokenLinks } from './find-broken-links.ts';

const VAULT = {
  'a.md': [
    '---',
    'up: "[[Gone]]"',
    'fine: "[[b]]"',
    '---',
    'See [[Missing#Part|alias]] and [[b]].',
    '![[nope.png]]',
    '[md](Also%20Missing.md)',
    '[[Missing]] again',
  ].join('\n'),
  'b.md': 'all good [[a]]',
  'Projects/c.md': '[[Ghost]]',
  'Projects/Deep/d.md': '[[Ghost]] [[Phantom]]',
  'Projects.md': '[[Nowhere]]',
  'board.canvas': JSON.stringify({
    nodes: [{ id: '1', type: 'file', file: 'Lost.md', x: 0, y: 0, width: 1, height: 1 }],
    edges: [],
  }),
  '.hidden/e.md': '[[Secret]]',
};

let vault: TestHost;
afterEach(() => vault.close());

const find = (args: Record<string, unknown> = {}) => runOk(findBrokenLinks, vault.host, args);

describe('find_broken_links', () => {
  test('lists every broken link per note, frontmatter first, then by position', async () => {
    vault = await openTestHost(VAULT);
    const result = await find();
    expect(result).toMatchObject({ scope: '', total: 5, truncated: false, brokenLinks: 10 });
    expect((result.notes as { path: string }[]).map((note) => note.path)).toEqual([
      'Projects.md',
      'Projects/Deep/d.md',
      'Projects/c.md',
      'a.md',
      'board.canvas',
    ]);
    expect((result.notes as unknown[])[3]).toEqual({
      path: 'a.md',
      links: [
        { link: 'Gone', kind: 'frontmatter', key: 'up' },
        { link: 'Missing#Part', kind: 'link', line: 4 },
        { link: 'nope.png', kind: 'embed', line: 5 },
        { link: 'Also Missing.md', kind: 'link', line: 6 },
        { link: 'Missing', kind: 'link', line: 7 },
      ],
    });
    expect((result.notes as unknown[])[4]).toEqual({
      path: 'board.canvas',
      links: [{ link: 'Lost.md', kind: 'canvas' }],
    });
  });

  test('agrees with the host link graph, occurrence for occurrence', async () => {
    vault = await openTestHost(VAULT);
    const { notes } = await find();
    for (const note of notes as { path: string; links: { link: string }[] }[]) {
      const counts: Record<string, number> = {};
      for (const { link } of note.links) {
        const linkpath = link.split('#')[0] as string;
        counts[linkpath] = (counts[linkpath] ?? 0) + 1;
      }
      expect(counts).toEqual({ ...vault.host.unresolvedLinks()[note.path] });
    }
  });

  test('scope: a folder takes its files at any depth, not a same-named note', async () => {
    vault = await openTestHost(VAULT);
    const result = await find({ scope: 'Projects' });
    expect(result).toMatchObject({ scope: 'Projects', total: 2, brokenLinks: 3 });
  });

  test('scope: a note takes only that note; "/" is the whole vault', async () => {
    vault = await openTestHost(VAULT);
    expect(await find({ scope: 'Projects.md' })).toMatchObject({
      scope: 'Projects.md',
      notes: [{ path: 'Projects.md', links: [{ link: 'Nowhere', kind: 'link', line: 0 }] }],
    });
    expect(await find({ scope: 'b.md' })).toMatchObject({ notes: [], total: 0, brokenLinks: 0 });
    expect(await find({ scope: '/' })).toMatchObject({ scope: '', total: 5 });
  });

  test('exclude_folders skips those folders (a missing one excludes nothing)', async () => {
    vault = await openTestHost(VAULT);
    const result = await find({ exclude_folders: ['Projects/Deep', 'Nope'] });
    expect((result.notes as { path: string }[]).map((note) => note.path)).toEqual([
      'Projects.md',
      'Projects/c.md',
      'a.md',
      'board.canvas',
    ]);
  });

  test('limit cuts the notes and keeps the real totals', async () => {
    vault = await openTestHost(VAULT);
    expect(await find({ limit: 1 })).toMatchObject({
      notes: [{ path: 'Projects.md' }],
      total: 5,
      truncated: true,
      brokenLinks: 10,
    });
  });

  test('a link created later shows up; fixing it makes it go', async () => {
    vault = await openTestHost({ 'a.md': '[[Later]]' });
    expect(await find()).toMatchObject({ total: 1 });
    await vault.host.create('Later.md', 'here');
    expect(await find()).toMatchObject({ total: 0, notes: [] });
  });

  test.each([
    ['a missing scope', { scope: 'Nope' }, 'not_found'],
    ['a hidden scope', { scope: '.hidden' }, 'invalid_path'],
    ['a traversal scope', { scope: '../x' }, 'invalid_path'],
    ['an excluded traversal', { exclude_folders: ['../x'] }, 'invalid_path'],
    ['the root excluded', { exclude_folders: ['/'] }, 'invalid_arguments'],
    ['a zero limit', { limit: 0 }, 'invalid_arguments'],
    ['an unknown argument', { folder: 'x' }, 'invalid_arguments'],
  ] as const)('fails clearly on %s', async (_name, args, code) => {
    vault = await openTestHost(VAULT);
    expect((await runFail(findBrokenLinks, vault.host, { ...args })).code).toBe(code);
  });
});
