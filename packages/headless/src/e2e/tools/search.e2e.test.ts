/**
 * The search tools end to end: the real headless server on a temp copy of the test vault, called
 * with the official SDK client. Expected hits come from the vault files themselves (a plain
 * scan of the disk in `notesOnDisk`, and values read from the notes), never from the tools.
 * Search tools never write, so every failure also checks the vault is byte-for-byte unchanged.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Client } from '@modelcontextprotocol/client';
import { waitForValue } from '@mcp-connector/shared/test-support';
import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import {
  PROTOCOL_LINES,
  callFail,
  callOk,
  copyVault,
  SEMANTIC_INDEX_BOUND_MS,
  snapshotVault,
  startTestServer,
  type McpTestServer,
  type TempVault,
} from '../../test-support/index.ts';

const SEARCH_TOOLS = ['execute_dataview_query', 'search_vault', 'search_vault_simple'];

let t: McpTestServer;
let client: Client;
beforeAll(async () => {
  t = await startTestServer();
  client = await t.connect('modern');
});
afterAll(() => t.stop());

/** The visible notes on disk (no dot folders), each with its text, in path order. */
async function notesOnDisk(folder = ''): Promise<{ path: string; text: string }[]> {
  const notes: { path: string; text: string }[] = [];
  for (const entry of await readdir(join(t.vault.root, folder), { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue;
    const path = folder === '' ? entry.name : `${folder}/${entry.name}`;
    if (entry.isDirectory()) notes.push(...(await notesOnDisk(path)));
    else if (path.endsWith('.md')) notes.push({ path, text: await t.readText(path) });
  }
  return notes.sort((a, b) => (a.path < b.path ? -1 : 1));
}

interface SimpleHit {
  path: string;
  score: number;
  lines: { line: number; text: string }[];
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

const hitsOf = async (lineClient: Client, query: string, limit?: number) =>
  (
    await callOk(lineClient, 'search_vault_simple', {
      query,
      ...(limit !== undefined && { limit }),
    })
  ).hits as SimpleHit[];
const pathsOf = async (lineClient: Client, query: string) =>
  (await hitsOf(lineClient, query, 1000)).map((hit) => hit.path);

describe.each(PROTOCOL_LINES)('search_vault_simple ranks, on the %s line', (line) => {
  let lineClient: Client;
  beforeAll(async () => {
    lineClient = await t.connect(line);
  });

  test('a question as asked: the note that answers it first, one hit per note', async () => {
    const hits = await hitsOf(lineClient, 'How do I keep carrot fly off with fleece?');
    expect(hits[0]?.path).toBe('Garden/Pests/Carrot fly.md');
    expect(new Set(hits.map((hit) => hit.path)).size).toBe(hits.length);
    const scores = hits.map((hit) => hit.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  test('each note comes with its best lines, 0-based, as they are on disk', async () => {
    for (const hit of await hitsOf(lineClient, 'mouse guard', 5)) {
      const lines = (await t.readText(hit.path)).split('\n');
      expect(hit.lines.length).toBeGreaterThan(0);
      for (const { line: index, text } of hit.lines) expect(lines[index]).toContain(text);
    }
  });

  test('total counts every matching note; limit cuts the hits, not the total', async () => {
    const folder = 'Kitchen/Preserving';
    const onDisk = (await notesOnDisk(folder)).map((note) => note.path);
    const all = await callOk(lineClient, 'search_vault_simple', { query: `path:${folder}` });
    expect(all).toMatchObject({ total: onDisk.length, truncated: false });
    expect((all.hits as SimpleHit[]).map((hit) => hit.path)).toEqual(onDisk);
    const cut = await callOk(lineClient, 'search_vault_simple', {
      query: `path:${folder}`,
      limit: 2,
    });
    expect(cut).toMatchObject({ total: onDisk.length, truncated: true });
    expect((cut.hits as SimpleHit[]).length).toBe(2);
  });

  test('operators narrow to what the notes on disk hold', async () => {
    const notes = await notesOnDisk();
    const where = (test: (note: { path: string; text: string }) => boolean) => {
      const paths = notes.filter(test).map((note) => note.path);
      expect(paths.length).toBeGreaterThan(0); // so no check below passes empty-handed
      return paths;
    };
    const sorted = async (query: string) => (await pathsOf(lineClient, query)).sort();
    expect(await sorted('"white film"')).toEqual(
      where((note) => note.text.toLowerCase().includes('white film')),
    );
    expect(await sorted('path:Garden/Pests')).toEqual(
      where((note) => note.path.startsWith('Garden/Pests/')),
    );
    expect(await sorted('file:"Honey harvest"')).toEqual(
      where(
        (note) => note.path.split('/').at(-1)?.toLowerCase().includes('honey harvest') === true,
      ),
    );
    expect(await sorted('[kind:insect]')).toEqual(
      where((note) => /^kind: insect$/m.test(note.text)),
    );
    expect(await sorted('path:Garden/Pests -slug')).toEqual(
      where(
        (note) =>
          note.path.startsWith('Garden/Pests/') &&
          !`${note.path}\n${note.text}`.toLowerCase().includes('slug'),
      ),
    );
    const byTag = await callOk(lineClient, 'get_files_by_tag', { tag: 'garden/pest' });
    expect(await sorted('tag:#garden/pest')).toEqual(
      (byTag.files as { path: string }[]).map((file) => file.path).sort(),
    );
  });

  test('no match answers with a hint naming what to try next', async () => {
    const result = await callOk(lineClient, 'search_vault_simple', { query: 'zyzzyva quokka' });
    expect(result).toMatchObject({ hits: [], total: 0, truncated: false });
    expect(result.hint).toContain('search_vault_smart');
  });

  test('a hidden note never ranks and never counts', async () => {
    const query = 'varroa oxalic';
    const shown = await callOk(lineClient, 'search_vault_simple', { query });
    expect((shown.hits as SimpleHit[])[0]?.path).toBe('Apiary/Varroa treatment.md');
    await t.settings.updateSlice('hiddenFolders', () => ['Apiary']);
    try {
      // A stdio client reads its settings at launch: a new one sees the folder hidden.
      const hiddenClient = await t.connect(line);
      const hidden = await callOk(hiddenClient, 'search_vault_simple', { query, limit: 1000 });
      const paths = (hidden.hits as SimpleHit[]).map((hit) => hit.path);
      expect(paths.filter((path) => path.startsWith('Apiary/'))).toEqual([]);
      expect(hidden.total).toBe(paths.length);
      const visible = await notesOnDisk();
      const mentions = visible.filter(
        (note) => !note.path.startsWith('Apiary/') && /varroa|oxalic/i.test(note.text),
      );
      expect(paths.length).toBeLessThanOrEqual(mentions.length);
      expect(hidden.total).toBeLessThan(shown.total as number);
    } finally {
      await t.settings.updateSlice('hiddenFolders', () => []);
    }
  });
});

/**
 * search_vault_smart's tests serve a few folders of the test vault, not all of it: on the built
 * CLI the index embeds every note with the offline model before it answers (about 20 s of one
 * core for the whole vault; minutes when the machine is busy), and over stdio each client is a
 * server process of its own (later ones reuse the segments the first saved).
 */
const SMART_VAULT = ['Garden/Pests', 'Garden/Companion planting.md', 'Apiary/Varroa treatment.md'];

/** A copy of the test vault holding only `keep` (folders or notes) and its config folder. */
async function vaultOf(keep: readonly string[]): Promise<TempVault> {
  const vault = await copyVault();
  const kept = (path: string) =>
    keep.some(
      (entry) => entry === path || entry.startsWith(`${path}/`) || path.startsWith(`${entry}/`),
    );
  const prune = async (folder: string): Promise<void> => {
    for (const entry of await readdir(join(vault.root, folder), { withFileTypes: true })) {
      const path = folder === '' ? entry.name : `${folder}/${entry.name}`;
      if (entry.name.startsWith('.')) continue;
      if (!kept(path)) await rm(join(vault.root, path), { recursive: true });
      else if (entry.isDirectory() && !keep.includes(path)) await prune(path);
    }
  };
  await prune('');
  return vault;
}

/** search_vault_smart's answer once its index answers (a first query may find it building). */
async function smartWhenReady(
  lineClient: Client,
  args: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  return waitForValue(
    async () => {
      const result = await lineClient.callTool({ name: 'search_vault_smart', arguments: args });
      if (result.isError !== true) return result.structuredContent as Record<string, unknown>;
      const failure = JSON.stringify(result.structuredContent ?? result.content);
      if (failure.includes('index_building')) return undefined;
      throw new Error(`search_vault_smart failed: ${failure}`);
    },
    'the semantic index',
    SEMANTIC_INDEX_BOUND_MS,
  );
}
/** A smart test's own bound: one index build, then its few queries. */
const SMART_TEST_MS = SEMANTIC_INDEX_BOUND_MS + 30_000;

describe('search_vault_smart, over a few folders of the vault', () => {
  let small: McpTestServer;
  beforeAll(async () => {
    small = await startTestServer(await vaultOf(SMART_VAULT));
  });
  afterAll(() => small.stop());

  describe.each(PROTOCOL_LINES)('operators, on the %s line', (line) => {
    let lineClient: Client;
    beforeAll(async () => {
      lineClient = await small.connect(line);
    });
    const smartPaths = async (query: string) =>
      ((await smartWhenReady(lineClient, { query, limit: 50 })).hits as { path: string }[]).map(
        (hit) => hit.path,
      );

    test(
      'operators narrow the notes to what the disk holds; the answer ranks first',
      async () => {
        const pests = await smartPaths('carrot fly fleece path:Garden/Pests');
        expect(pests[0]).toBe('Garden/Pests/Carrot fly.md');
        expect(pests.every((path) => path.startsWith('Garden/Pests/'))).toBe(true);
        const tagged = await callOk(lineClient, 'get_files_by_tag', { tag: 'garden/pest' });
        const taggedPaths = (tagged.files as { path: string }[]).map((file) => file.path);
        const slugs = await smartPaths('slugs tag:garden/pest');
        expect(slugs.length).toBeGreaterThan(0);
        for (const path of slugs) expect(taggedPaths).toContain(path);
        expect(await smartPaths('carrot fly -fleece')).not.toContain('Garden/Pests/Carrot fly.md');
      },
      SMART_TEST_MS,
    );

    test(
      'a hidden note never ranks',
      async () => {
        // Shown once indexed (again, after another test hid and showed the folder).
        await waitForValue(
          async () =>
            (await smartPaths('varroa oxalic acid')).includes('Apiary/Varroa treatment.md') ||
            undefined,
          'the visible note in the index',
          SEMANTIC_INDEX_BOUND_MS,
        );
        await small.settings.updateSlice('hiddenFolders', () => ['Apiary']);
        try {
          const hiddenClient = await small.connect(line);
          const result = await smartWhenReady(hiddenClient, {
            query: 'varroa oxalic acid',
            limit: 50,
          });
          const paths = (result.hits as { path: string }[]).map((hit) => hit.path);
          expect(paths.length).toBeGreaterThan(0);
          expect(paths.filter((path) => path.startsWith('Apiary/'))).toEqual([]);
        } finally {
          await small.settings.updateSlice('hiddenFolders', () => []);
        }
      },
      SMART_TEST_MS * 2,
    );
  });
});

describe('search_vault_simple', () => {
  test('follows edits, renames and deletions made through the server', async () => {
    await callOk(client, 'create_vault_file', { path: 'E2E/Acme copy.md', content: 'Acme Corp' });
    const paths = () => pathsOf(client, 'acme');
    expect(await paths()).toEqual(['E2E/Acme copy.md']);
    await callOk(client, 'rename_vault_file', { from: 'E2E/Acme copy.md', to: 'E2E/Moved.md' });
    expect(await paths()).toEqual(['E2E/Moved.md']);
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
