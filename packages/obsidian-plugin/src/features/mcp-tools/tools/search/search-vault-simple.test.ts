import { afterEach, describe, expect, test } from 'bun:test';
import {
  openTestHost,
  snapshotVault,
  type TestHost,
} from '../../../../host/test-support/test-host.ts';
import { runFail, runOk } from '../../test-support/run-tool.ts';
import { NO_MATCH_HINT, searchVaultSimple } from './search-vault-simple.ts';
import { closeSearchServices } from './index.ts';

let vault: TestHost;
afterEach(async () => {
  closeSearchServices(vault.host);
  await vault.close();
});

interface Hit {
  path: string;
  score: number;
  lines: { line: number; text: string }[];
}

const search = (args: Record<string, unknown>) => runOk(searchVaultSimple, vault.host, args);
const paths = async (query: string) =>
  ((await search({ query })).hits as Hit[]).map((hit) => hit.path);

describe('search_vault_simple ranks notes', () => {
  test('one hit per note, best first, with its best lines (0-based) and a score', async () => {
    vault = await openTestHost({
      'Garden/Carrot fly.md': '# Carrot fly\n\nSow thinly.\nCover the rows with fleece in May.',
      'Garden/Carrots.md': 'Carrots like sandy soil.\nWe grow carrots every year.',
      'Kitchen/Fleece jacket.md': 'A fleece for the cold.',
    });
    const result = await search({ query: 'carrot fly fleece' });
    const hits = result.hits as Hit[];
    expect(hits.map((hit) => hit.path)).toEqual([
      'Garden/Carrot fly.md',
      'Garden/Carrots.md',
      'Kitchen/Fleece jacket.md',
    ]);
    expect(hits[0]?.lines[0]).toEqual({ line: 0, text: '# Carrot fly' });
    expect(hits[0]?.lines.map((line) => line.line)).toContain(3);
    expect(hits[0]?.score).toBeGreaterThan(hits[1]?.score ?? Infinity);
    expect(result).toMatchObject({ total: 3, truncated: false });
  });

  test('a question in plain words: stopwords dropped, plurals and -ing stemmed, accents ignored', async () => {
    vault = await openTestHost({
      'Overwintering.md': 'Colonies need 18 kg of stores for winter.',
      'Honey.md': 'Honey on toast.',
      'Crème brûlée.md': 'Bake for 35 minutes.',
    });
    expect((await paths('How much do the colony stores need for the winter?'))[0]).toBe(
      'Overwintering.md',
    );
    expect(await paths('how long does the creme brulee bake')).toEqual(['Crème brûlée.md']);
  });

  test('title, aliases, headings and tags weigh more than the body', async () => {
    vault = await openTestHost({
      'Body.md': 'Some text that mentions a sauerkraut once, among many other words here.',
      'Sauerkraut.md': 'Salt and cabbage, many other words here as well, to be fair.',
      'Alias.md': '---\naliases: [Kimchi]\n---\nfermented cabbage and other words here.',
    });
    expect((await paths('sauerkraut'))[0]).toBe('Sauerkraut.md');
    expect((await paths('kimchi'))[0]).toBe('Alias.md');
  });

  test('more matched terms rank above one term repeated', async () => {
    vault = await openTestHost({
      'beans.md': 'beans beans beans beans beans beans beans beans',
      'canning.md': 'Never water-bath can green beans without acid; use a pressure canner.',
    });
    expect((await paths('water bath canning beans'))[0]).toBe('canning.md');
  });

  test('a query of stopwords only must appear as written', async () => {
    vault = await openTestHost({ 'a.md': 'to be or not to be', 'b.md': 'not here' });
    expect(await paths('to be')).toEqual(['a.md']);
  });

  test('`total` counts every matching note, `hits` the first `limit`; the default is 200', async () => {
    const files: Record<string, string> = {};
    for (let index = 0; index < 205; index++) files[`n${String(index).padStart(3, '0')}.md`] = 'x';
    vault = await openTestHost(files);
    expect(await search({ query: 'x', limit: 2 })).toMatchObject({ total: 205, truncated: true });
    expect(((await search({ query: 'x', limit: 2 })).hits as Hit[]).length).toBe(2);
    expect(((await search({ query: 'x' })).hits as Hit[]).length).toBe(200);
  });

  test('lines are clipped to contextLength characters a side of the first match', async () => {
    vault = await openTestHost({ 'n.md': `${'a'.repeat(50)} needle ${'b'.repeat(50)}` });
    const [hit] = (await search({ query: 'needle', contextLength: 5 })).hits as Hit[];
    expect(hit?.lines).toEqual([{ line: 0, text: '…aaaa needle bbbb…' }]);
  });
});

describe('operators narrow the notes', () => {
  const files = {
    'Garden/Pests/Slugs.md': '---\ntags: [pests]\nstatus: active\n---\nSlugs ate the lettuce.',
    'Garden/Lettuce.md': '---\nstatus: done\n---\nLettuce grows fast. #crop/leaf',
    'Kitchen/Salad.md': 'Lettuce and white film of dressing.',
  };

  test('tag:, path:, file:, [prop], [prop:value] and -word', async () => {
    vault = await openTestHost(files);
    expect(await paths('lettuce tag:#pests')).toEqual(['Garden/Pests/Slugs.md']);
    expect(await paths('lettuce tag:crop')).toEqual(['Garden/Lettuce.md']);
    expect((await paths('lettuce path:garden')).sort()).toEqual([
      'Garden/Lettuce.md',
      'Garden/Pests/Slugs.md',
    ]);
    expect(await paths('lettuce file:salad')).toEqual(['Kitchen/Salad.md']);
    expect(await paths('lettuce [status:act]')).toEqual(['Garden/Pests/Slugs.md']);
    expect((await paths('lettuce [status]')).sort()).toEqual([
      'Garden/Lettuce.md',
      'Garden/Pests/Slugs.md',
    ]);
    expect(await paths('lettuce -slugs -tag:crop')).toEqual(['Kitchen/Salad.md']);
  });

  test('a quoted phrase must appear as written, in any case', async () => {
    vault = await openTestHost(files);
    expect(await paths('"WHITE FILM"')).toEqual(['Kitchen/Salad.md']);
    expect(await paths('"film white"')).toEqual([]);
    // Neither "hite" nor "fil" is a word of the note, yet the phrase is there as written.
    expect(await paths('"hite fil"')).toEqual(['Kitchen/Salad.md']);
  });

  test('operators alone list the passing notes in path order', async () => {
    vault = await openTestHost(files);
    expect(await paths('path:Garden')).toEqual(['Garden/Lettuce.md', 'Garden/Pests/Slugs.md']);
  });
});

describe('search_vault_simple edges', () => {
  test('searches only visible notes: no other files, no hidden folders', async () => {
    vault = await openTestHost({
      'n.md': 'needle',
      'data.txt': 'needle',
      'board.canvas': '{"nodes":[{"text":"needle"}]}',
      '.hidden/h.md': 'needle',
      '.obsidian/app.json': '{"needle":true}',
    });
    expect(await search({ query: 'needle', contextLength: 0 })).toMatchObject({
      hits: [{ path: 'n.md' }],
      total: 1,
      truncated: false,
    });
  });

  test('no match answers with a hint, not an error', async () => {
    vault = await openTestHost({ 'n.md': 'text' });
    expect(await search({ query: 'absent words' })).toEqual({
      query: 'absent words',
      hits: [],
      total: 0,
      truncated: false,
      hint: NO_MATCH_HINT,
    });
  });

  test('refuses an empty query and bad arguments, changing nothing', async () => {
    vault = await openTestHost({ 'n.md': 'text' });
    const before = await snapshotVault(vault.root);
    for (const query of ['', '  ', '-']) {
      const empty = await runFail(searchVaultSimple, vault.host, { query });
      expect(empty.code).toBe('invalid_arguments');
      expect(empty.message).toContain('query is empty');
    }
    for (const args of [
      {},
      { query: 'x', limit: 0 },
      { query: 'x', contextLength: -1 },
      { query: 'x', path: 'n.md' },
    ]) {
      expect((await runFail(searchVaultSimple, vault.host, args)).code).toBe('invalid_arguments');
    }
    expect(await snapshotVault(vault.root)).toEqual(before);
  });
});
