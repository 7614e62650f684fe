/**
 * The test vault keeps what docs/test-vault.md promises: every e2e test and benchmark relies on
 * it holding these features, so losing one (an edit to a hand-written note, a change to the
 * generator) fails here, by name, before it weakens a test somewhere else.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { CachedMetadata } from 'obsidian';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { NodeHost } from '../../packages/headless/src/node-host/node-host.ts';
import { copyVault, type TempVault } from '../../packages/headless/src/test-support/temp-vault.ts';

/** The links that lead nowhere on purpose (docs/test-vault.md, "Broken links"). */
const BROKEN_ON_PURPOSE = {
  'Inbox.md': { 'Pollinator hedge': 1 },
  'Maps/Garden layout.canvas': { 'Pollinator hedge': 1 },
  'Prompts/Inspection summary.md': { 'Hive {{hive}}': 1, 'Hive {{hive}} winter plan': 1 },
  'Reference/Bee forage calendar.md': { Rosemary: 1 },
};

let vault: TempVault;
let host: NodeHost;
let notes: { path: string; text: string; cache: CachedMetadata }[];
beforeAll(async () => {
  vault = await copyVault();
  host = await NodeHost.open(vault.root, { watch: false });
  notes = await Promise.all(
    host
      .listFiles()
      .filter((file) => file.extension === 'md')
      .map(async (file) => ({
        path: file.path,
        text: await host.read(file.path),
        cache: host.getFileCache(file.path) as CachedMetadata,
      })),
  );
});
afterAll(async () => {
  await host.close();
  await vault.remove();
});

const config = async (file: string) =>
  JSON.parse(await readFile(join(vault.root, '.obsidian', file), 'utf8')) as Record<
    string,
    unknown
  >;
const anyNote = (check: (note: (typeof notes)[number]) => boolean) => notes.some(check);
const links = (note: (typeof notes)[number]) => (note.cache.links ?? []).map((ref) => ref.original);
const embeds = (note: (typeof notes)[number]) =>
  (note.cache.embeds ?? []).map((ref) => ref.original);

describe('the test vault', () => {
  test('150+ notes in nested folders', () => {
    expect(notes.length).toBeGreaterThanOrEqual(150);
    expect(anyNote((note) => note.path.split('/').length >= 3)).toBe(true);
  });

  test('links: wikilinks to headings, blocks, with aliases and paths; markdown links to headings', () => {
    const all = notes.flatMap(links);
    expect(all.some((link) => /^\[\[[^\]#|]+#[^\]^|]+\]\]$/.test(link))).toBe(true);
    expect(all.some((link) => link.includes('#^'))).toBe(true);
    expect(all.some((link) => /^\[\[[^\]]+\|[^\]]+\]\]$/.test(link))).toBe(true);
    expect(all.some((link) => /^\[\[[^\]|]+\/[^\]|]+\|/.test(link))).toBe(true);
    expect(all.some((link) => /^\[[^\]]+\]\([^)]+\.md#/.test(link))).toBe(true);
    expect(all.some((link) => link.startsWith('[[#'))).toBe(true);
  });

  test('embeds: a heading, a block, an image, a PDF page', () => {
    const all = notes.flatMap(embeds);
    expect(all.some((embed) => /^!\[\[[^\]#^]+#[^\]^]+\]\]$/.test(embed))).toBe(true);
    expect(all.some((embed) => embed.includes('#^'))).toBe(true);
    expect(all.some((embed) => /\.png\|\d+\]\]$/.test(embed))).toBe(true);
    expect(all.some((embed) => embed.includes('.pdf#page='))).toBe(true);
  });

  test('tags: frontmatter and inline, nested three levels deep', () => {
    expect(anyNote((note) => (note.cache.tags ?? []).some((tag) => tag.tag.includes('/')))).toBe(
      true,
    );
    expect(
      anyNote((note) => host.getAllTags(note.path).some((tag) => tag.split('/').length >= 3)),
    ).toBe(true);
  });

  test('every property type Obsidian knows is declared in types.json and used', async () => {
    const types = (await config('types.json')).types as Record<string, string>;
    expect(new Set(Object.values(types))).toEqual(
      new Set(['aliases', 'multitext', 'tags', 'text', 'number', 'checkbox', 'date', 'datetime']),
    );
    for (const [key] of Object.entries(types)) {
      expect({ key, used: anyNote((note) => note.cache.frontmatter?.[key] !== undefined) }).toEqual(
        { key, used: true },
      );
    }
  });

  test('tasks in every state, callouts, and link-like text in code and math that is no link', () => {
    const statuses = new Set(
      notes.flatMap((note) => (note.cache.listItems ?? []).map((item) => item.task)),
    );
    for (const status of [' ', 'x', '/', '-']) expect(statuses).toContain(status);
    expect(anyNote((note) => note.text.includes('> [!'))).toBe(true);
    const codeOrMath = notes.filter((note) => /```[^`]*\[\[|\$[^$]*\[\[/.test(note.text));
    expect(codeOrMath.length).toBeGreaterThanOrEqual(3);
  });

  test('daily notes where daily-notes.json says, templates, a Prompts folder, bookmarks, a canvas, attachments', async () => {
    const daily = await config('daily-notes.json');
    expect(
      notes.filter((note) => note.path.startsWith(`${String(daily.folder)}/`)).length,
    ).toBeGreaterThanOrEqual(20);
    expect(host.getFile(`${String(daily.template)}.md`)).not.toBeNull();
    const templates = await config('templates.json');
    expect(
      notes.filter((note) => note.path.startsWith(`${String(templates.folder)}/`)).length,
    ).toBeGreaterThanOrEqual(3);
    const prompts = notes.filter(
      (note) =>
        /^Prompts\/[^/]+$/.test(note.path) &&
        host.getAllTags(note.path).includes('#mcp-tools-prompt'),
    );
    expect(prompts.length).toBeGreaterThanOrEqual(3);
    expect(((await config('bookmarks.json')).items as unknown[]).length).toBeGreaterThan(3);
    expect(await config('app.json')).toMatchObject({ attachmentFolderPath: 'Attachments' });
    const others = host
      .listFiles()
      .filter((file) => file.extension !== 'md')
      .map((file) => file.path);
    expect(others.filter((path) => path.endsWith('.canvas')).length).toBeGreaterThanOrEqual(1);
    expect(others.filter((path) => path.startsWith('Attachments/')).length).toBeGreaterThanOrEqual(
      2,
    );
  });

  test('bases with views, formulas and summaries, one of them in the folder the hidden-folders test hides', async () => {
    const bases = host
      .listFiles()
      .filter((file) => file.extension === 'base')
      .map((file) => file.path);
    expect(bases).toContain('Apiary/Hives.base');
    expect(bases).toContain('Reference/Reading list.base');
    const texts = await Promise.all(bases.map((path) => host.read(path)));
    for (const part of ['views:', 'formulas:', 'summaries:', 'groupBy:', 'sort:'])
      expect(texts.some((text) => text.includes(part))).toBe(true);
    expect((await config('core-plugins.json')).bases).toBe(true);
  });

  test('the only broken links are the ones documented as broken on purpose', () => {
    const broken = Object.fromEntries(
      Object.entries(host.unresolvedLinks()).filter(
        ([, targets]) => Object.keys(targets).length > 0,
      ),
    );
    expect(JSON.parse(JSON.stringify(broken))).toEqual(BROKEN_ON_PURPOSE);
  });
});
