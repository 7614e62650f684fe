import { afterEach, describe, expect, test } from 'bun:test';
import { openTestHost, type TestHost } from '../../../../host/test-support/test-host.ts';
import { runFail, runOk } from '../../test-support/run-tool.ts';
import { listBookmarks } from './list-bookmarks.ts';

let vault: TestHost;
afterEach(() => vault.close());

const BOOKMARKS = {
  items: [
    { type: 'file', ctime: 1, path: 'Notes/A.md' },
    { type: 'file', ctime: 2, path: 'Notes/A.md', subpath: '#Plans', title: 'Plans' },
    { type: 'file', ctime: 3, path: 'Notes/A.md', subpath: '#^abc123' },
    { type: 'folder', ctime: 4, path: 'Notes' },
    {
      type: 'group',
      ctime: 5,
      title: 'Work',
      items: [
        { type: 'search', ctime: 6, query: 'tag:#todo' },
        {
          type: 'group',
          ctime: 7,
          title: 'Links',
          items: [{ type: 'url', ctime: 8, url: 'https://obsidian.md', title: 'Obsidian' }],
        },
        { type: 'file', ctime: 9, path: 'Gone.md' },
      ],
    },
    { type: 'graph', ctime: 10, title: 'Graph' },
    { type: 'file', ctime: 11, path: '.hidden/Secret.md' },
    { type: 'folder', ctime: 12, path: '../outside' },
    { type: 'file', ctime: 13, path: '.obsidian/app.json' },
    { type: 'url', ctime: 14 },
    { type: 'hologram', ctime: 15 },
    'not an object',
  ],
};

function vaultWith(bookmarks: string | null): Promise<TestHost> {
  return openTestHost({
    'Notes/A.md': '# Plans\ntext ^abc123',
    '.hidden/Secret.md': 'secret',
    '.obsidian/app.json': '{}',
    ...(bookmarks === null ? {} : { '.obsidian/bookmarks.json': bookmarks }),
  });
}

describe('list_bookmarks', () => {
  test('every bookmark in order, groups flattened with their titles, invisible targets skipped', async () => {
    vault = await vaultWith(JSON.stringify(BOOKMARKS));
    expect(await runOk(listBookmarks, vault.host)).toEqual({
      bookmarks: [
        { type: 'file', path: 'Notes/A.md' },
        { type: 'heading', path: 'Notes/A.md', subpath: '#Plans', title: 'Plans' },
        { type: 'block', path: 'Notes/A.md', subpath: '#^abc123' },
        { type: 'folder', path: 'Notes' },
        { type: 'group', title: 'Work' },
        { type: 'search', query: 'tag:#todo', groups: ['Work'] },
        { type: 'group', title: 'Links', groups: ['Work'] },
        { type: 'url', url: 'https://obsidian.md', title: 'Obsidian', groups: ['Work', 'Links'] },
        { type: 'graph', title: 'Graph' },
      ],
      total: 9,
      truncated: false,
      skipped: 7,
    });
  });

  test('include_types keeps only those types, with their group trail', async () => {
    vault = await vaultWith(JSON.stringify(BOOKMARKS));
    expect(
      await runOk(listBookmarks, vault.host, { include_types: ['url', 'heading'] }),
    ).toMatchObject({
      bookmarks: [
        { type: 'heading', path: 'Notes/A.md', subpath: '#Plans', title: 'Plans' },
        { type: 'url', url: 'https://obsidian.md', title: 'Obsidian', groups: ['Work', 'Links'] },
      ],
      total: 2,
    });
  });

  test('explicit heading and block types are read too', async () => {
    const items = [{ type: 'heading', path: 'Notes/A.md', subpath: '#Plans' }];
    vault = await vaultWith(JSON.stringify({ items }));
    expect((await runOk(listBookmarks, vault.host)).bookmarks).toEqual([
      { type: 'heading', path: 'Notes/A.md', subpath: '#Plans' },
    ]);
  });

  test.each([
    ['missing', null, 'No .obsidian/bookmarks.json'],
    ['not JSON', '{"items": [', 'is not a bookmarks file'],
    ['the wrong shape', '{"items": 3}', 'is not a bookmarks file'],
    ['a bare array', '[]', 'is not a bookmarks file'],
  ] as const)(
    'a bookmarks file that is %s gives an empty list with a note',
    async (_name, text, note) => {
      vault = await vaultWith(text);
      const result = await runOk(listBookmarks, vault.host);
      expect(result).toMatchObject({ bookmarks: [], total: 0, truncated: false });
      expect(result.note).toContain(note);
    },
  );

  test.each([{ include_types: ['bogus'] }, { include_types: 'file' }, { limit: 5 }])(
    'refuses %p',
    async (args) => {
      vault = await vaultWith(null);
      expect((await runFail(listBookmarks, vault.host, args)).code).toBe('invalid_arguments');
    },
  );
});

test('groups nested deeper than 32 levels are skipped, not followed', async () => {
  let items: unknown[] = [{ type: 'search', query: 'deepest' }];
  for (let depth = 0; depth < 40; depth++) items = [{ type: 'group', title: `g${depth}`, items }];
  vault = await openTestHost({ '.obsidian/bookmarks.json': JSON.stringify({ items }) });
  const result = await runOk(listBookmarks, vault.host);
  expect(result).toMatchObject({ total: 32, skipped: 1 });
  expect(JSON.stringify(result)).not.toContain('deepest');
});
