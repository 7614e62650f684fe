/**
 * The structure tools end to end: the real headless server on a temp copy of tasks-demo, called
 * with the official SDK client. Expected values were computed from the vault files themselves
 * (find, grep, reading the notes), not from the tools: 205 notes, 16 other visible files,
 * 24 folders; 144 notes with #task outside code; the links of Test Data/all_link_types.md.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Client } from '@modelcontextprotocol/client';
import { createHash } from 'node:crypto';
import { readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  PROTOCOL_LINES,
  callFail,
  callOk,
  copyVault,
  startTestServer,
  type McpTestServer,
} from '../../test-support/index.ts';

const STRUCTURE_TOOLS = [
  'get_backlinks',
  'get_files_by_tag',
  'get_note_outline',
  'get_outgoing_links',
  'get_recent_files',
  'get_vault_overview',
  'list_bookmarks',
  'list_tags',
];
/** Dated after every other file of the copy, newest first. */
const FUTURE = [
  ['Tasks.md', Date.UTC(2100, 0, 3)],
  ['Test Attachments/a_pdf_file.pdf', Date.UTC(2100, 0, 2)],
  ['Test Data/multiple_headings.md', Date.UTC(2100, 0, 1)],
] as const;

let t: McpTestServer;
let client: Client;
beforeAll(async () => {
  const vault = await copyVault();
  for (const [path, mtime] of FUTURE)
    await utimes(join(vault.root, path), mtime / 1000, mtime / 1000);
  t = await startTestServer(vault);
  client = await t.connect('modern');
});
afterAll(() => t.stop());

const paths = (list: unknown) => (list as { path: string }[]).map((entry) => entry.path);

describe('listing, on both protocol lines', () => {
  test.each(PROTOCOL_LINES)(
    '%s: all eight are listed as read-only and answer alike',
    async (line) => {
      const lineClient = await t.connect(line);
      const { tools } = await lineClient.listTools();
      const mine = tools.filter((tool) => STRUCTURE_TOOLS.includes(tool.name));
      expect(mine.map((tool) => tool.name).sort()).toEqual(STRUCTURE_TOOLS);
      for (const tool of mine) {
        expect(tool.annotations).toEqual({
          readOnlyHint: true,
          openWorldHint: false,
        });
      }
      const args = { path: 'Test Data/multiple_headings.md' };
      expect(await callOk(lineClient, 'get_note_outline', args)).toEqual(
        await callOk(client, 'get_note_outline', args),
      );
    },
  );
});

describe('get_vault_overview', () => {
  test('counts, top-level folders with note counts, top tags, recent files', async () => {
    const overview = await callOk(client, 'get_vault_overview', {
      topTagsLimit: 3,
      recentFilesLimit: 3,
    });
    expect(overview).toMatchObject({
      vault: 'vault',
      counts: { notes: 205, otherFiles: 16, folders: 24 },
      rootNotes: 3,
      topTags: [
        { tag: 'task', count: 144 },
        { tag: 'examples', count: 3 },
        { tag: 'todo', count: 3 },
      ],
      recentFiles: FUTURE.map(([path, mtime]) => ({ path, mtime })),
    });
    expect(overview.topFolders).toEqual([
      { path: '_meta', notes: 7 },
      { path: 'Daily Notes', notes: 4 },
      { path: 'Filters', notes: 4 },
      { path: 'Formats', notes: 3 },
      { path: 'Functions', notes: 5 },
      { path: 'How To', notes: 6 },
      { path: 'Manual Testing', notes: 51 },
      { path: 'Other Plugins', notes: 4 },
      { path: 'Settings Files', notes: 0 },
      { path: 'Stress Test', notes: 15 },
      { path: 'Styling', notes: 11 },
      { path: 'Test Attachments', notes: 3 },
      { path: 'Test Data', notes: 89 },
    ]);
  });
});

describe('tags', () => {
  test('list_tags rolls nested tags up: context has no note of its own but counts 2', async () => {
    const byCount = await callOk(client, 'list_tags', {});
    expect(byCount.total).toBe(38);
    const tags = byCount.tags as { tag: string; count: number }[];
    expect(tags[0]).toEqual({ tag: 'task', count: 144 });
    expect(tags).toContainEqual({ tag: 'context', count: 2 });
    expect(tags).toContainEqual({ tag: 'context/home', count: 1 });
    expect(tags).toContainEqual({ tag: 'todo', count: 3 });
    expect(tags.every((entry) => !entry.tag.startsWith('#'))).toBe(true);
    expect(await callOk(client, 'list_tags', { sort: 'name', limit: 3 })).toEqual({
      tags: [
        { tag: 'another-tag', count: 2 },
        { tag: 'chores', count: 1 },
        { tag: 'context', count: 2 },
      ],
      total: 38,
      truncated: true,
    });
  });

  test('get_files_by_tag finds nested tags unless told not to', async () => {
    expect(await callOk(client, 'get_files_by_tag', { tag: '#Context' })).toEqual({
      tag: 'context',
      files: [
        {
          path: 'Filters/Regular Expression Searches.md',
          tags: ['context/pc_abigail', 'context/pc_edwina', 'context/pc_fred', 'context/at_work'],
        },
        { path: 'Functions/Custom Filters - Demo.md', tags: ['context/home'] },
      ],
      total: 2,
      truncated: false,
    });
    const todo = await callOk(client, 'get_files_by_tag', { tag: 'todo', includeNested: false });
    expect(paths(todo.files)).toEqual([
      'Manual Testing/Frontmatter/Placeholder examples to capture in tests and docs.md',
      'Manual Testing/Seeing the Query as HTML/HTML from Query.md',
    ]);
    const task = await callOk(client, 'get_files_by_tag', { tag: 'task', limit: 5 });
    expect(task).toMatchObject({ total: 144, truncated: true });
    expect((task.files as unknown[]).length).toBe(5);
  });
});

describe('files and notes', () => {
  test('get_recent_files: newest first with mtime, limit within 1-100', async () => {
    expect(await callOk(client, 'get_recent_files', { limit: 3 })).toEqual({
      files: FUTURE.map(([path, mtime]) => ({ path, mtime })),
      total: 221,
      truncated: true,
    });
    expect(((await callOk(client, 'get_recent_files')).files as unknown[]).length).toBe(10);
    expect((await callFail(client, 'get_recent_files', { limit: 101 })).code).toBe(
      'invalid_arguments',
    );
  });

  test('get_note_outline: headings with 0-based lines and the revision of the text', async () => {
    const path = 'Test Data/multiple_headings.md';
    const text = await readFile(join(t.vault.root, path));
    expect(await callOk(client, 'get_note_outline', { path })).toEqual({
      path,
      revision: createHash('sha256').update(text).digest('hex').slice(0, 16),
      headings: [
        { level: 1, text: 'multiple_headings', line: 0 },
        { level: 2, text: 'Level 2 heading with no tasks', line: 2 },
        { level: 2, text: 'Level 2 heading', line: 4 },
        { level: 3, text: 'Level 3 heading', line: 13 },
      ],
      total: 4,
      truncated: false,
    });
  });
});

describe('links', () => {
  test('get_outgoing_links: every link of all_link_types.md, resolved, with its line', async () => {
    const path = 'Test Data/all_link_types.md';
    const result = await callOk(client, 'get_outgoing_links', { path });
    expect(result.total).toBe(22);
    const links = result.links as { link: string; target: string; kind: string; line: number }[];
    expect(links[0]).toEqual({
      link: 'markdownLink.md',
      target: 'Test Attachments/markdownLink.md',
      kind: 'link',
      line: 2,
    });
    expect(links[2]).toEqual({
      link: 'wikilink',
      target: 'Test Attachments/wikilink.md',
      kind: 'link',
      line: 5,
    });
    expect(links[4]).toEqual({ link: '#heading', target: path, kind: 'link', line: 8 });
    expect(links[21]).toEqual({
      link: 'markdownLink.md#^block',
      target: 'Test Attachments/markdownLink.md',
      kind: 'link',
      line: 30,
    });
    expect(new Set(links.map((entry) => entry.target))).toEqual(
      new Set(['Test Attachments/markdownLink.md', 'Test Attachments/wikilink.md', path]),
    );
  });

  test('get_outgoing_links: frontmatter links carry their key; unresolved ones can be left out', async () => {
    expect(
      await callOk(client, 'get_outgoing_links', { path: 'Test Data/link_in_yaml.md' }),
    ).toMatchObject({
      links: [
        {
          link: 'yaml_tags_is_empty',
          target: 'Test Data/yaml_tags_is_empty.md',
          kind: 'frontmatter',
          key: 'test-link',
        },
      ],
    });
    const broken = { path: 'Test Data/link_is_broken.md' };
    expect(await callOk(client, 'get_outgoing_links', broken)).toMatchObject({
      links: [{ link: 'broken link - do not fix me', target: null, kind: 'link', line: 2 }],
    });
    expect(
      await callOk(client, 'get_outgoing_links', { ...broken, includeUnresolved: false }),
    ).toMatchObject({ links: [], total: 0 });
  });

  test('get_backlinks: the three notes linking to multiple_headings.md', async () => {
    expect(
      await callOk(client, 'get_backlinks', { path: 'Test Data/multiple_headings.md' }),
    ).toEqual({
      path: 'Test Data/multiple_headings.md',
      exists: true,
      backlinks: [
        { source: 'Test Data/link_in_heading.md', count: 1, resolved: true },
        { source: 'Test Data/link_in_task_markdown_link.md', count: 1, resolved: true },
        { source: 'Test Data/link_in_task_wikilink.md', count: 1, resolved: true },
      ],
      total: 3,
      truncated: false,
    });
  });

  test('get_backlinks with includeUnresolved: who links to a note not created yet', async () => {
    const path = 'Test Data/broken link - do not fix me.md';
    expect(await callOk(client, 'get_backlinks', { path, includeUnresolved: true })).toEqual({
      path,
      exists: false,
      backlinks: [{ source: 'Test Data/link_is_broken.md', count: 1, resolved: false }],
      total: 1,
      truncated: false,
    });
    const missing = await callFail(client, 'get_backlinks', { path });
    expect(missing.code).toBe('not_found');
    expect(missing.message).toContain('includeUnresolved');
  });
});

describe('list_bookmarks', () => {
  const bookmarksFile = () => join(t.vault.root, '.obsidian', 'bookmarks.json');

  test('no bookmarks.json in tasks-demo: an empty list with a note', async () => {
    await rm(bookmarksFile(), { force: true });
    const result = await callOk(client, 'list_bookmarks');
    expect(result).toMatchObject({ bookmarks: [], total: 0, truncated: false });
    expect(result.note).toContain('bookmarks.json');
  });

  test('bookmarks as Obsidian saves them, filtered by type', async () => {
    const items = [
      { type: 'file', ctime: 1, path: 'Tasks.md' },
      {
        type: 'group',
        ctime: 2,
        title: 'Tests',
        items: [
          {
            type: 'file',
            ctime: 3,
            path: 'Test Data/multiple_headings.md',
            subpath: '#Level 3 heading',
          },
        ],
      },
      { type: 'search', ctime: 4, query: 'tag:#context' },
      { type: 'file', ctime: 5, path: 'Deleted long ago.md' },
    ];
    await writeFile(bookmarksFile(), JSON.stringify({ items }));
    expect(await callOk(client, 'list_bookmarks')).toEqual({
      bookmarks: [
        { type: 'file', path: 'Tasks.md' },
        { type: 'group', title: 'Tests' },
        {
          type: 'heading',
          path: 'Test Data/multiple_headings.md',
          subpath: '#Level 3 heading',
          groups: ['Tests'],
        },
        { type: 'search', query: 'tag:#context' },
      ],
      total: 4,
      truncated: false,
      skipped: 1,
    });
    expect(await callOk(client, 'list_bookmarks', { include_types: ['search'] })).toMatchObject({
      bookmarks: [{ type: 'search', query: 'tag:#context' }],
      total: 1,
    });
  });

  test('a malformed bookmarks.json is an empty list with a note, not a failure', async () => {
    await writeFile(bookmarksFile(), '{ not json');
    expect((await callOk(client, 'list_bookmarks')).note).toContain('not valid JSON');
  });
});

describe('failures', () => {
  test.each([
    ['get_note_outline', { path: 'No such note.md' }, 'not_found'],
    ['get_note_outline', { path: '../../etc/passwd' }, 'invalid_path'],
    ['get_note_outline', { path: 'Test Attachments/a_pdf_file.pdf' }, 'unsupported'],
    ['get_outgoing_links', { path: '.obsidian/app.json' }, 'invalid_path'],
    ['get_outgoing_links', { path: 'Test Data' }, 'not_a_file'],
    ['get_outgoing_links', { path: 'Tasks.md', includeEmbeds: 'yes' }, 'invalid_arguments'],
    ['get_backlinks', { path: 'Test%2F..%2F..%2Fx.md' }, 'invalid_path'],
    ['get_files_by_tag', { tag: 3 }, 'invalid_arguments'],
    ['get_files_by_tag', { tag: '#' }, 'invalid_arguments'],
    ['list_tags', { sort: 'popularity' }, 'invalid_arguments'],
    ['get_vault_overview', { topTagsLimit: 'ten' }, 'invalid_arguments'],
    ['list_bookmarks', { include_types: ['bookmark'] }, 'invalid_arguments'],
  ] as const)('%s %j fails with %s', async (tool, args, code) => {
    expect((await callFail(client, tool, { ...args })).code).toBe(code);
  });
});
