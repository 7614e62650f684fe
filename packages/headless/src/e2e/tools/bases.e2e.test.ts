/**
 * query_base end to end: the real headless server on a temp copy of the test vault, called with
 * the official SDK client on both protocol lines, over the bases the vault carries (written from
 * the examples of help.obsidian.md/bases and /formulas: docs/test-vault.md). Expected rows are
 * computed from the notes' own frontmatter, read here with a few lines of parsing, not from the
 * tool.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Client } from '@modelcontextprotocol/client';
import { addToken } from '@mcp-connector/obsidian-plugin/tool-policy';
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import {
  PROTOCOL_LINES,
  callFail,
  callOk,
  startTestServer,
  type McpTestServer,
} from '../../test-support/index.ts';

const READING = 'Reference/Reading list.base';
const RECIPES = 'Kitchen/Recipes.base';
const DAY_MS = 86_400_000;

let t: McpTestServer;
let client: Client;
beforeAll(async () => {
  t = await startTestServer();
  client = await t.connect('modern');
});
afterAll(() => t.stop());

/** The notes of a folder with their flat frontmatter (`key: value` lines; `- item` lists). */
async function notesIn(
  folder: string,
): Promise<{ path: string; data: Record<string, string | string[]> }[]> {
  const names = (await readdir(join(t.vault.root, folder))).filter((name) => name.endsWith('.md'));
  return Promise.all(
    names.map(async (name) => {
      const text = await readFile(join(t.vault.root, folder, name), 'utf8');
      const data: Record<string, string | string[]> = {};
      let list: string[] | null = null;
      for (const line of (text.split('---\n')[1] ?? '').split('\n')) {
        const item = /^\s+- "?(.*?)"?$/.exec(line);
        if (item !== null && list !== null) list.push(item[1] as string);
        const pair = /^([\w-]+):\s*(.*)$/.exec(line);
        if (pair === null) continue;
        list = pair[2] === '' ? [] : null;
        data[pair[1] as string] = list ?? (pair[2] as string);
      }
      return { path: `${folder}/${name}`, data };
    }),
  );
}

const localDay = (text: string) => {
  const [year, month, day] = text.split('-').map(Number);
  return new Date(year as number, (month as number) - 1, day).getTime();
};
const byPath = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

describe('query_base on both protocol lines', () => {
  test.each(PROTOCOL_LINES)(
    '%s: listed read-only; the reading list finished, best first',
    async (line) => {
      const lineClient = await t.connect(line);
      const tool = (await lineClient.listTools()).tools.find((each) => each.name === 'query_base');
      expect(tool?.annotations).toEqual({ readOnlyHint: true, openWorldHint: false });
      const finished = (await notesIn('Reading'))
        .filter((note) => note.data.status === 'finished')
        .sort(
          (a, b) =>
            Number(b.data.rating) - Number(a.data.rating) ||
            localDay(b.data.finished as string) - localDay(a.data.finished as string),
        );
      const result = await callOk(lineClient, 'query_base', { path: READING });
      expect(result).toMatchObject({
        path: READING,
        view: 'Finished',
        type: 'table',
        views: ['Finished', 'Reading now', 'By status'],
        columns: ['file.basename', 'author', 'rating', 'finished', 'formula.days_to_read'],
        displayNames: { author: 'Author', 'formula.days_to_read': 'Days to read' },
        total: finished.length,
        truncated: false,
      });
      expect(result.rows).toEqual(
        finished.map(({ path, data }) => ({
          path,
          values: {
            'file.basename': path.slice('Reading/'.length, -'.md'.length),
            author: data.author,
            rating: Number(data.rating),
            finished: data.finished,
            'formula.days_to_read': Math.round(
              (localDay(data.finished as string) - localDay(data.started as string)) / DAY_MS,
            ),
          },
        })),
      );
      const ratings = finished.map((note) => Number(note.data.rating));
      expect(result.summaries).toEqual({
        rating: {
          summary: 'Average',
          value: ratings.reduce((sum, each) => sum + each, 0) / ratings.length,
        },
        'formula.days_to_read': {
          summary: 'Max',
          value: Math.max(
            ...(result.rows as { values: Record<string, number> }[]).map(
              (row) => row.values['formula.days_to_read'] as number,
            ),
          ),
        },
      });
    },
  );
});

describe('the vault’s bases', () => {
  test('recipes: quick vegetarian ones by time, the ones with garlic, grouped by course', async () => {
    const recipes = await notesIn('Kitchen/Recipes');
    const quick = recipes
      .filter((note) => note.data.vegetarian === 'true' && Number(note.data.total_minutes) <= 20)
      .sort(
        (a, b) =>
          Number(a.data.total_minutes) - Number(b.data.total_minutes) ||
          byPath.compare(a.path, b.path),
      );
    const result = await callOk(client, 'query_base', { path: RECIPES });
    expect(result.rows).toEqual(
      quick.map(({ path, data }) => ({
        path,
        values: {
          'file.basename': path.slice('Kitchen/Recipes/'.length, -'.md'.length),
          servings: Number(data.servings),
          total_minutes: Number(data.total_minutes),
          'formula.ingredients': (data.uses as string[]).length,
        },
      })),
    );
    const garlic = await callOk(client, 'query_base', { path: RECIPES, view: 'With garlic' });
    const withGarlic = recipes.filter((note) =>
      (note.data.uses as string[]).includes('[[Garlic]]'),
    );
    expect((garlic.rows as { path: string }[]).map((row) => row.path).sort()).toEqual(
      withGarlic.map((note) => note.path).sort(),
    );
    const byCourse = await callOk(client, 'query_base', {
      path: RECIPES,
      view: 'By course',
      limit: 1000,
    });
    const groups = (byCourse.rows as { group: string }[]).map((row) => row.group);
    expect(groups).toEqual(recipes.map((note) => note.data.course as string).sort());
    expect(byCourse.summaries).toEqual({
      total_minutes: {
        summary: 'Average',
        value:
          recipes.reduce((sum, note) => sum + Number(note.data.total_minutes), 0) / recipes.length,
      },
      servings: {
        summary: 'Sum',
        value: recipes.reduce((sum, note) => sum + Number(note.data.servings), 0),
      },
    });
  });

  test('what cannot be evaluated is named, and the rows it would decide are kept, undecided', async () => {
    const path = 'Reference/Plugin fields.base';
    await callOk(client, 'create_vault_file', {
      path,
      content: [
        'filters:',
        '  and:',
        '    - file.inFolder("Reading")',
        '    - or:',
        '        - rating >= 4',
        '        - goodreads.shelf("favourites")',
        'formulas:',
        '  cover_image: image(cover)',
        'views:',
        '  - type: cards',
        '    name: Covers',
        '    order: [file.basename, formula.cover_image]',
        '',
      ].join('\n'),
    });
    const result = await callOk(client, 'query_base', { path, limit: 1000 });
    expect(result.unsupported).toEqual([
      {
        expression: 'formula.cover_image: image(cover)',
        reason: "image() makes a value only Obsidian's view can show",
      },
      {
        expression: 'goodreads.shelf("favourites")',
        reason: "shelf() is not a Bases function this server knows (a plugin's?)",
      },
    ]);
    const reading = await notesIn('Reading');
    const decided = reading
      .filter((note) => Number(note.data.rating) >= 4)
      .map((note) => note.path);
    const rows = result.rows as { path: string; undecided?: true }[];
    expect(rows.map((row) => row.path).sort()).toEqual(reading.map((note) => note.path).sort());
    expect(
      rows
        .filter((row) => row.undecided !== true)
        .map((row) => row.path)
        .sort(),
    ).toEqual(decided.sort());
  });

  test('list_vault_files and get_vault_overview show the bases', async () => {
    const listed = await callOk(client, 'list_vault_files', { directory: 'Reference' });
    expect(listed.entries).toEqual(
      expect.arrayContaining([READING, 'Reference/Status board.base']),
    );
    const overview = await callOk(client, 'get_vault_overview', { recentFilesLimit: 0 });
    expect((overview.counts as { bases: number }).bases).toBeGreaterThanOrEqual(4);
  });

  test('a read-only token may query a base', async () => {
    const reader = await addToken(t.settings, 'base reader', { readOnly: true });
    const readerClient = await t.connect('legacy', reader.secret);
    expect(
      await callOk(readerClient, 'query_base', { path: READING, view: 'Reading now' }),
    ).toMatchObject({
      view: 'Reading now',
      total: (await notesIn('Reading')).filter((note) => note.data.status === 'reading').length,
    });
  });

  test.each([
    [{ path: 'Reading/Wilding.md' }, 'unsupported'],
    [{ path: READING, view: 'Unread' }, 'not_found'],
    [{ path: 'Nowhere.base' }, 'not_found'],
    [{ path: '../outside.base' }, 'invalid_path'],
    [{ path: READING, limit: 0 }, 'invalid_arguments'],
  ] as const)('%j fails with %s', async (args, code) => {
    expect((await callFail(client, 'query_base', { ...args })).code).toBe(code);
  });
});
