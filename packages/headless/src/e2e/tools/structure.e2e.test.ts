/**
 * The structure tools end to end: the real headless server on a temp copy of the test vault,
 * called with the official SDK client. Expected values were computed from the vault files
 * themselves (find, grep, reading the notes), not from the tools: 194 notes, 8 other visible
 * files (4 of them bases), 27 folders; 57 notes tagged garden or under it, 78 distinct tags; the links of
 * Garden/Companion planting.md.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Client } from '@modelcontextprotocol/client';
import { addToken } from '@mcp-connector/obsidian-plugin/tool-policy';
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
import { toolFamilies } from '../../../../obsidian-plugin/src/features/mcp-tools/index.ts';

/** The registry's structure tools: a new one is checked here without being named. */
const STRUCTURE_TOOLS = (
  toolFamilies.find((family) => family.name === 'Structure and links')?.tools ?? []
).map((tool) => tool.name);
/** Dated after every other file of the copy, newest first. */
const FUTURE = [
  ['Home.md', Date.UTC(2100, 0, 3)],
  ['Attachments/hive-frame.png', Date.UTC(2100, 0, 2)],
  ['Garden/Garden plan 2026.md', Date.UTC(2100, 0, 1)],
] as const;
const PLAN = 'Garden/Garden plan 2026.md';

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
    '%s: all ten are listed as read-only and answer alike',
    async (line) => {
      const lineClient = await t.connect(line);
      const { tools } = await lineClient.listTools();
      const mine = tools.filter((tool) => STRUCTURE_TOOLS.includes(tool.name));
      expect(STRUCTURE_TOOLS.length).toBeGreaterThan(0);
      expect(mine.map((tool) => tool.name).sort()).toEqual([...STRUCTURE_TOOLS].sort());
      for (const tool of mine) {
        expect(tool.annotations).toEqual({
          readOnlyHint: true,
          openWorldHint: false,
        });
      }
      const args = { path: PLAN };
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
      counts: { notes: 194, otherFiles: 8, bases: 4, folders: 27, tags: 78 },
      rootNotes: 2,
      topTags: [
        { tag: 'garden', count: 57 },
        { tag: 'apiary', count: 40 },
        { tag: 'apiary/inspection', count: 31 },
      ],
      recentFiles: FUTURE.map(([path, mtime]) => ({ path, mtime })),
    });
    expect(overview.topFolders).toEqual([
      { path: 'Apiary', notes: 38 },
      { path: 'Archive', notes: 2 },
      { path: 'Attachments', notes: 0 },
      { path: 'Garden', notes: 56 },
      { path: 'Journal', notes: 21 },
      { path: 'Kitchen', notes: 23 },
      { path: 'Maps', notes: 0 },
      { path: 'Meetings', notes: 8 },
      { path: 'People', notes: 12 },
      { path: 'Projects', notes: 8 },
      { path: 'Prompts', notes: 6 },
      { path: 'Reading', notes: 10 },
      { path: 'Reference', notes: 3 },
      { path: 'Templates', notes: 5 },
    ]);
  });
});

describe('tags', () => {
  test('list_tags rolls nested tags up: garden/family has no note of its own but counts 30', async () => {
    const byCount = await callOk(client, 'list_tags', {});
    expect(byCount.total).toBe(78);
    const tags = byCount.tags as { tag: string; count: number }[];
    expect(tags[0]).toEqual({ tag: 'garden', count: 57 });
    expect(tags).toContainEqual({ tag: 'garden/family', count: 30 });
    expect(tags).toContainEqual({ tag: 'garden/family/solanaceae', count: 2 });
    expect(tags).toContainEqual({ tag: 'people', count: 13 });
    expect(tags.every((entry) => !entry.tag.startsWith('#'))).toBe(true);
    expect(await callOk(client, 'list_tags', { sort: 'name', limit: 3 })).toEqual({
      tags: [
        { tag: 'apiary', count: 40 },
        { tag: 'apiary/comb-change', count: 1 },
        { tag: 'apiary/harvest', count: 1 },
      ],
      total: 78,
      truncated: true,
    });
  });

  test('get_files_by_tag finds nested tags unless told not to', async () => {
    expect(await callOk(client, 'get_files_by_tag', { tag: '#Status', limit: 3 })).toEqual({
      tag: 'status',
      files: [
        { path: 'Apiary/Hives/Hive Clover.md', tags: ['status/active'] },
        { path: 'Apiary/Hives/Hive Heather.md', tags: ['status/active'] },
        { path: 'Apiary/Hives/Hive Linden.md', tags: ['status/building-up'] },
      ],
      total: 11,
      truncated: true,
    });
    expect(
      await callOk(client, 'get_files_by_tag', { tag: 'status', includeNested: false }),
    ).toMatchObject({ files: [], total: 0 });
    const todo = await callOk(client, 'get_files_by_tag', { tag: 'todo', includeNested: false });
    expect(paths(todo.files)).toEqual([
      'Inbox.md',
      'Projects/Greenhouse build/Greenhouse build.md',
    ]);
    const garden = await callOk(client, 'get_files_by_tag', { tag: 'garden', limit: 5 });
    expect(garden).toMatchObject({ total: 57, truncated: true });
    expect((garden.files as unknown[]).length).toBe(5);
  });
});

describe('files and notes', () => {
  test('get_recent_files: newest first with mtime, limit within 1-100', async () => {
    expect(await callOk(client, 'get_recent_files', { limit: 3 })).toEqual({
      files: FUTURE.map(([path, mtime]) => ({ path, mtime })),
      total: 202,
      truncated: true,
    });
    expect(((await callOk(client, 'get_recent_files')).files as unknown[]).length).toBe(10);
    expect((await callFail(client, 'get_recent_files', { limit: 101 })).code).toBe(
      'invalid_arguments',
    );
  });

  test('get_note_outline: headings with 0-based lines and the revision of the text', async () => {
    const text = await readFile(join(t.vault.root, PLAN));
    expect(await callOk(client, 'get_note_outline', { path: PLAN })).toEqual({
      path: PLAN,
      revision: createHash('sha256').update(text).digest('hex').slice(0, 16),
      headings: [
        { level: 1, text: 'Garden plan 2026', line: 8 },
        { level: 2, text: 'Rotation', line: 13 },
        { level: 2, text: 'Sowing', line: 30 },
        { level: 3, text: 'Indoors', line: 34 },
        { level: 3, text: 'Outdoors', line: 40 },
        { level: 2, text: 'Jobs for the season', line: 46 },
        { level: 2, text: 'Last year', line: 54 },
      ],
      total: 7,
      truncated: false,
    });
  });
});

describe('links', () => {
  test('get_outgoing_links: every link of Companion planting.md, resolved, with its line', async () => {
    const path = 'Garden/Companion planting.md';
    const result = await callOk(client, 'get_outgoing_links', { path });
    expect(result.total).toBe(24);
    const links = result.links as { link: string; target: string; kind: string; line: number }[];
    const plant = (name: string) => `Garden/Plants/${name}.md`;
    expect(links[0]).toEqual({ link: 'Tomato', target: plant('Tomato'), kind: 'link', line: 12 });
    expect(links[2]).toEqual({
      link: 'Plants/Tomato.md#Companions',
      target: plant('Tomato'),
      kind: 'link',
      line: 13,
    });
    expect(links[9]).toEqual({
      link: 'Cabbage white butterfly',
      target: 'Garden/Pests/Cabbage white butterfly.md',
      kind: 'link',
      line: 15,
    });
    expect(links[14]).toEqual({
      link: 'Plants/Borage.md',
      target: plant('Borage'),
      kind: 'link',
      line: 17,
    });
    expect(links[18]).toEqual({
      link: 'Carrot#Problems',
      target: plant('Carrot'),
      kind: 'link',
      line: 21,
    });
    expect(links[23]).toEqual({
      link: 'Lavender',
      target: plant('Lavender'),
      kind: 'link',
      line: 27,
    });
    expect(new Set(links.map((entry) => entry.target.replace(/\/[^/]+$/, '')))).toEqual(
      new Set(['Garden/Plants', 'Garden/Pests', 'Reading', 'Reference']),
    );
  });

  test('get_outgoing_links: frontmatter links carry their key; unresolved ones can be left out', async () => {
    const heather = await callOk(client, 'get_outgoing_links', {
      path: 'Apiary/Hives/Hive Heather.md',
    });
    expect((heather.links as unknown[])[0]).toEqual({
      link: 'Hive Clover',
      target: 'Apiary/Hives/Hive Clover.md',
      kind: 'frontmatter',
      key: 'origin',
    });
    const inbox = { path: 'Inbox.md' };
    const all = await callOk(client, 'get_outgoing_links', inbox);
    expect(all.links).toContainEqual({
      link: 'Pollinator hedge',
      target: null,
      kind: 'link',
      line: 7,
    });
    const resolvedOnly = await callOk(client, 'get_outgoing_links', {
      ...inbox,
      includeUnresolved: false,
    });
    expect(resolvedOnly.total).toBe((all.total as number) - 1);
    expect(
      (resolvedOnly.links as { target: unknown }[]).every((link) => link.target !== null),
    ).toBe(true);
  });

  test('get_backlinks: the three notes linking to the swarm catch, the one linking twice first', async () => {
    const path = 'Apiary/Swarm catch May 2024.md';
    expect(await callOk(client, 'get_backlinks', { path })).toEqual({
      path,
      exists: true,
      backlinks: [
        { source: 'Apiary/Hives/Hive Clover.md', count: 2, resolved: true },
        { source: 'Apiary/Apiary.md', count: 1, resolved: true },
        { source: 'Reading/Honeybee Democracy.md', count: 1, resolved: true },
      ],
      total: 3,
      truncated: false,
    });
  });

  test('get_backlinks with includeUnresolved: who links to a note not created yet', async () => {
    const path = 'Pollinator hedge.md';
    expect(await callOk(client, 'get_backlinks', { path, includeUnresolved: true })).toEqual({
      path,
      exists: false,
      backlinks: [
        { source: 'Inbox.md', count: 1, resolved: false },
        { source: 'Maps/Garden layout.canvas', count: 1, resolved: false },
      ],
      total: 2,
      truncated: false,
    });
    const missing = await callFail(client, 'get_backlinks', { path });
    expect(missing.code).toBe('not_found');
    expect(missing.message).toContain('includeUnresolved');
  });
});

/**
 * Inbox.md links to Hannah Kessler, Fermentation basics, Rainwater harvesting (and the unwritten
 * Pollinator hedge); Home.md and Prompts/Tidy the inbox.md link to it. Rainwater harvesting links
 * to Greenhouse build, and none of Inbox's other targets does.
 */
const INBOX_OUT = [
  { path: 'Kitchen/Preserving/Fermentation basics.md', line: 9 },
  { path: 'People/Hannah Kessler.md', line: 6 },
  { path: 'Projects/Rainwater harvesting.md', line: 10 },
];
const GREENHOUSE = 'Projects/Greenhouse build/Greenhouse build.md';

describe('the link graph', () => {
  test.each(PROTOCOL_LINES)(
    '%s: get_note_neighbors lists the links out of Inbox, each with its line',
    async (line) => {
      const lineClient = await t.connect(line);
      const out = await callOk(lineClient, 'get_note_neighbors', {
        path: 'Inbox.md',
        direction: 'out',
      });
      const inbox = (await readFile(join(t.vault.root, 'Inbox.md'), 'utf8')).split('\n');
      expect(out).toMatchObject({ path: 'Inbox.md', depth: 1, total: 3, truncated: false });
      expect(out.neighbours).toEqual(
        INBOX_OUT.map(({ path, line: at }) => ({
          path,
          distance: 1,
          direction: 'out',
          linkCount: 1,
          links: [{ from: 'Inbox.md', kind: 'link', line: at, context: inbox[at]?.trim() }],
        })),
      );
      const into = await callOk(lineClient, 'get_note_neighbors', {
        path: 'Inbox.md',
        direction: 'in',
      });
      expect(paths(into.neighbours)).toEqual(['Home.md', 'Prompts/Tidy the inbox.md']);
    },
  );

  test('get_note_neighbors at depth 2 names the note each one was reached through', async () => {
    const result = await callOk(client, 'get_note_neighbors', {
      path: 'Inbox.md',
      direction: 'out',
      depth: 2,
      limit: 1000,
    });
    expect(result.neighbours).toContainEqual(
      expect.objectContaining({ path: GREENHOUSE, distance: 2, via: INBOX_OUT[2]?.path }),
    );
  });

  test.each(PROTOCOL_LINES)(
    '%s: find_link_path: Inbox to Greenhouse build in two links',
    async (line) => {
      const lineClient = await t.connect(line);
      const found = await callOk(lineClient, 'find_link_path', {
        from: 'Inbox.md',
        to: GREENHOUSE,
        direction: 'out',
      });
      expect(found).toMatchObject({ found: true, length: 2, direction: 'out' });
      expect(paths(found.path)).toEqual([
        'Inbox.md',
        'Projects/Rainwater harvesting.md',
        GREENHOUSE,
      ]);
      expect((found.path as { links?: unknown[] }[])[2]?.links).toContainEqual(
        expect.objectContaining({ from: 'Projects/Rainwater harvesting.md', kind: 'link' }),
      );
    },
  );

  test('find_link_path says when no chain exists, and when a longer one might', async () => {
    const image = 'Attachments/hive-frame.png';
    expect(
      await callOk(client, 'find_link_path', { from: image, to: 'Home.md', direction: 'out' }),
    ).toMatchObject({ found: false, beyond: false });
    const short = await callOk(client, 'find_link_path', {
      from: 'Inbox.md',
      to: GREENHOUSE,
      direction: 'out',
      maxDepth: 1,
    });
    expect(short).toMatchObject({ found: false, beyond: true, maxDepth: 1 });
    expect(short.message).toContain('maxDepth');
  });

  test('a read-only token may walk the graph', async () => {
    const reader = await addToken(t.settings, 'graph reader', { readOnly: true });
    const readerClient = await t.connect('modern', reader.secret);
    expect(
      await callOk(readerClient, 'find_link_path', { from: 'Inbox.md', to: GREENHOUSE }),
    ).toMatchObject({ found: true, length: 2 });
    expect(
      await callOk(readerClient, 'get_note_neighbors', { path: 'Inbox.md', direction: 'in' }),
    ).toMatchObject({ total: 2 });
  });
});

describe('list_bookmarks', () => {
  const bookmarksFile = () => join(t.vault.root, '.obsidian', 'bookmarks.json');

  test("the vault's bookmarks as Obsidian saved them, flattened with their groups, filtered by type", async () => {
    expect(await callOk(client, 'list_bookmarks')).toEqual({
      bookmarks: [
        { type: 'file', path: 'Home.md' },
        { type: 'group', title: 'This season' },
        {
          type: 'file',
          path: 'Projects/Greenhouse build/Greenhouse build.md',
          groups: ['This season'],
        },
        {
          type: 'heading',
          path: 'Garden/Garden plan 2026.md',
          subpath: '#Rotation',
          groups: ['This season'],
        },
        {
          type: 'block',
          path: 'Kitchen/Preserving/Fermentation basics.md',
          subpath: '#^salt-ratio',
          groups: ['This season'],
        },
        { type: 'folder', path: 'Apiary' },
        { type: 'search', query: 'tag:#apiary/inspection queen_seen' },
        { type: 'graph', title: 'Garden graph' },
        { type: 'url', url: 'https://www.nationalbeeunit.com/', title: 'National Bee Unit' },
      ],
      total: 9,
      truncated: false,
      skipped: 1,
    });
    expect(
      await callOk(client, 'list_bookmarks', { include_types: ['search', 'block'] }),
    ).toMatchObject({
      bookmarks: [
        { type: 'block', subpath: '#^salt-ratio', groups: ['This season'] },
        { type: 'search', query: 'tag:#apiary/inspection queen_seen' },
      ],
      total: 2,
    });
  });

  test('no bookmarks.json: an empty list with a note', async () => {
    await rm(bookmarksFile(), { force: true });
    const result = await callOk(client, 'list_bookmarks');
    expect(result).toMatchObject({ bookmarks: [], total: 0, truncated: false });
    expect(result.note).toContain('bookmarks.json');
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
    ['get_note_outline', { path: 'Attachments/Seed library flyer.pdf' }, 'unsupported'],
    ['get_outgoing_links', { path: '.obsidian/app.json' }, 'invalid_path'],
    ['get_outgoing_links', { path: 'Garden/Plants' }, 'not_a_file'],
    ['get_outgoing_links', { path: 'Home.md', includeEmbeds: 'yes' }, 'invalid_arguments'],
    ['get_backlinks', { path: 'Garden%2F..%2F..%2Fx.md' }, 'invalid_path'],
    ['get_files_by_tag', { tag: 3 }, 'invalid_arguments'],
    ['get_files_by_tag', { tag: '#' }, 'invalid_arguments'],
    ['list_tags', { sort: 'popularity' }, 'invalid_arguments'],
    ['get_vault_overview', { topTagsLimit: 'ten' }, 'invalid_arguments'],
    ['list_bookmarks', { include_types: ['bookmark'] }, 'invalid_arguments'],
    ['get_note_neighbors', { path: 'Inbox.md', depth: 4 }, 'invalid_arguments'],
    ['get_note_neighbors', { path: 'Inbox.md', direction: 'up' }, 'invalid_arguments'],
    ['get_note_neighbors', { path: 'No such note.md' }, 'not_found'],
    ['find_link_path', { from: 'Inbox.md', to: 'Inbox.md' }, 'invalid_arguments'],
    ['find_link_path', { from: 'Inbox.md', to: 'Home.md', maxDepth: 11 }, 'invalid_arguments'],
    ['find_link_path', { from: 'Inbox.md', to: 'Nowhere.md' }, 'not_found'],
  ] as const)('%s %j fails with %s', async (tool, args, code) => {
    expect((await callFail(client, tool, { ...args })).code).toBe(code);
  });
});
