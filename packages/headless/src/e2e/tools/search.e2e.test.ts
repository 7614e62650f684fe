/**
 * The search tools end to end: the real headless server on a temp copy of the test vault, called
 * with the official SDK client. Expected hits come from the vault files themselves (a plain
 * scan of the disk in `countOnDisk`, and values read from the notes), never from the tools.
 * Search tools never write, so every failure also checks the vault is byte-for-byte unchanged.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Client } from '@modelcontextprotocol/client';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import {
  PROTOCOL_LINES,
  callFail,
  callOk,
  snapshotVault,
  startTestServer,
  type McpTestServer,
} from '../../test-support/index.ts';

const SEARCH_TOOLS = ['execute_dataview_query', 'search_vault', 'search_vault_simple'];

let t: McpTestServer;
let client: Client;
beforeAll(async () => {
  t = await startTestServer();
  client = await t.connect('modern');
});
afterAll(() => t.stop());

/** Occurrences of `query` (any case, not overlapping) in the visible notes on disk. */
async function countOnDisk(query: string, folder = ''): Promise<number> {
  let count = 0;
  for (const entry of await readdir(join(t.vault.root, folder), { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue;
    const path = folder === '' ? entry.name : `${folder}/${entry.name}`;
    if (entry.isDirectory()) count += await countOnDisk(query, path);
    else if (path.endsWith('.md')) {
      const text = (await t.readText(path)).toLowerCase();
      count += text.split(query.toLowerCase()).length - 1;
    }
  }
  return count;
}

const simple = (args: Record<string, unknown>) => callOk(client, 'search_vault_simple', args);
const jsonlogic = async (query: unknown) =>
  (await callOk(client, 'search_vault', { query, queryType: 'jsonlogic' })).paths;

describe('listing, on both protocol lines', () => {
  test.each(PROTOCOL_LINES)('%s: the three search tools are listed read-only', async (line) => {
    const lineClient = await t.connect(line);
    const { tools } = await lineClient.listTools();
    const mine = tools.filter((tool) => SEARCH_TOOLS.includes(tool.name));
    expect(mine.map((tool) => tool.name).sort()).toEqual(SEARCH_TOOLS);
    for (const tool of mine) {
      expect(tool.annotations).toEqual({
        readOnlyHint: true,
        openWorldHint: false,
      });
    }
    const args = { query: 'mouse guard', contextLength: 10 };
    expect(await callOk(lineClient, 'search_vault_simple', args)).toEqual(await simple(args));
  });
});

describe('search_vault_simple', () => {
  test('finds "mouse guard" in any case, by path then line, with 0-based lines', async () => {
    expect(await simple({ query: 'mouse guard', contextLength: 12 })).toEqual({
      query: 'mouse guard',
      hits: [
        {
          path: 'Apiary/Hives/Hive Clover.md',
          line: 48,
          excerpt: '[x] Fit the mouse guard ✅ 2026-10-1',
        },
        {
          path: 'Apiary/Overwintering.md',
          line: 20,
          excerpt: ' The box\n\n- Mouse guards on the ent',
        },
      ],
      total: 2,
      truncated: false,
    });
  });

  test('counts every occurrence in the vault, as a plain scan of the disk does', async () => {
    const result = await simple({ query: 'Compost', limit: 5 });
    expect(result.total).toBe(await countOnDisk('compost'));
    expect(result).toMatchObject({ truncated: true });
    expect((result.hits as unknown[]).length).toBe(5);
    expect((await simple({ query: 'hive' })).total).toBe(await countOnDisk('hive'));
  });

  test('follows edits, renames and deletions made through the server', async () => {
    await callOk(client, 'create_vault_file', { path: 'E2E/Acme copy.md', content: 'Acme Corp' });
    const paths = async () =>
      ((await simple({ query: 'acme corp' })).hits as { path: string }[]).map((hit) => hit.path);
    expect(await paths()).toEqual(['E2E/Acme copy.md']);
    await callOk(client, 'append_to_vault_file', {
      path: 'E2E/Acme copy.md',
      content: 'ACME CORP',
    });
    expect(await paths()).toEqual(['E2E/Acme copy.md', 'E2E/Acme copy.md']);
    await callOk(client, 'rename_vault_file', { from: 'E2E/Acme copy.md', to: 'E2E/Moved.md' });
    expect(await paths()).toEqual(['E2E/Moved.md', 'E2E/Moved.md']);
    await callOk(client, 'delete_vault_file', { path: 'E2E/Moved.md' });
    expect(await paths()).toEqual([]);
  });

  test('bad arguments fail and change nothing', async () => {
    const before = await snapshotVault(t.vault.root);
    expect((await callFail(client, 'search_vault_simple', { query: '' })).code).toBe(
      'invalid_arguments',
    );
    expect((await callFail(client, 'search_vault_simple', { query: 'x', limit: 0 })).code).toBe(
      'invalid_arguments',
    );
    expect(await snapshotVault(t.vault.root)).toEqual(before);
  });
});

describe('search_vault with jsonlogic', () => {
  test('globs paths, reads frontmatter and tags, as the notes say', async () => {
    expect(await jsonlogic({ glob: ['Journal/Daily/2026-05-1*.md', { var: 'path' }] })).toEqual([
      'Journal/Daily/2026-05-10.md',
      'Journal/Daily/2026-05-12.md',
      'Journal/Daily/2026-05-13.md',
      'Journal/Daily/2026-05-14.md',
      'Journal/Daily/2026-05-16.md',
      'Journal/Daily/2026-05-17.md',
      'Journal/Daily/2026-05-18.md',
    ]);
    expect(await jsonlogic({ '==': [{ var: 'frontmatter.servings' }, 4] })).toEqual([
      'Kitchen/Recipes/Basil pesto.md',
      'Kitchen/Recipes/Courgette fritters.md',
      'Kitchen/Recipes/Crème brûlée with lavender honey.md',
      'Kitchen/Recipes/Honey-glazed carrots.md',
      'Kitchen/Recipes/Roasted tomato soup.md',
      'Kitchen/Recipes/Squash and red lentil dal.md',
      'Kitchen/Recipes/Sweetcorn chowder.md',
    ]);
    const rule = JSON.stringify({
      and: [
        { glob: ['Projects/**', { var: 'path' }] },
        { regexp: ['^(in progress|running)$', { var: 'frontmatter.status' }] },
      ],
    });
    expect(await jsonlogic(rule)).toEqual([
      'Projects/Greenhouse build/Greenhouse build.md',
      'Projects/Seed library/Seed library.md',
    ]);
    const byTag = await callOk(client, 'get_files_by_tag', { tag: 'todo', includeNested: false });
    expect(await jsonlogic({ in: ['todo', { var: 'tags' }] })).toEqual(
      (byTag.files as { path: string }[]).map((file) => file.path),
    );
  });

  test('bad rules fail with a code naming the problem, and change nothing', async () => {
    const before = await snapshotVault(t.vault.root);
    const cases: [unknown, string][] = [
      ['{oops', 'invalid_query'],
      [{ nope: [1] }, 'invalid_query'],
      [{ regexp: ['(?<=a)(?!b)', { var: 'content' }] }, 'unsupported_regex'],
      [{ regexp: ['[unclosed', { var: 'content' }] }, 'invalid_regex'],
    ];
    for (const [query, code] of cases) {
      const failure = await callFail(client, 'search_vault', { query, queryType: 'jsonlogic' });
      expect({ query, code: failure.code }).toEqual({ query, code });
    }
    expect(await snapshotVault(t.vault.root)).toEqual(before);
  });
});

describe('Dataview, headless', () => {
  test('is never installed: both tools say so and name the alternative', async () => {
    const before = await snapshotVault(t.vault.root);
    const direct = await callFail(client, 'execute_dataview_query', {
      query: 'TABLE file.mtime FROM "Journal/Daily"',
    });
    expect(direct.code).toBe('dataview_not_installed');
    expect(direct.message).toContain('jsonlogic');
    const viaSearch = await callFail(client, 'search_vault', {
      query: 'LIST FROM "Journal/Daily"',
      queryType: 'dataview',
    });
    expect(viaSearch).toEqual(direct);
    expect(await snapshotVault(t.vault.root)).toEqual(before);
  });
});
