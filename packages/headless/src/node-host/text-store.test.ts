/**
 * The text store beside the metadata cache (text-store.ts, ADR-0028): what is written is taken
 * back byte for byte, once each, across chunk boundaries; any doubt about the file is no store;
 * and a warm start takes its restored notes' texts from it, never one its cache record does not
 * hold for, and writes it again only when it is not current.
 */
import { afterEach, describe, expect, test } from 'bun:test';
import { mkdtemp, readFile, readdir, rm, stat, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { editKeepingStat } from '../test-support/edit-keeping-stat.ts';
import { buildVault, type TempVault } from '../test-support/temp-vault.ts';
import { foldCase, foldedQueryPattern } from '@mcp-connector/shared';
import { buildIndex } from './index-build.ts';
import { IndexProgress } from './index-progress.ts';
import { cacheKey, textHash } from './metadata-cache-key.ts';
import { NodeHost } from './node-host.ts';
import { TextStore, textStorePathOf } from './text-store.ts';
import { writeTextStore } from './text-store-write.ts';
import { VaultState } from './vault-state.ts';

let dir: string | null = null;
let vault: TempVault | null = null;
const opened: { close(): unknown }[] = [];

afterEach(async () => {
  for (const each of opened.splice(0)) await each.close();
  if (dir !== null) await rm(dir, { recursive: true, force: true });
  dir = null;
  await vault?.remove();
  vault = null;
});

async function storeFile(): Promise<string> {
  dir = await mkdtemp(join(tmpdir(), 'mcp-texts-'));
  return join(dir, 'texts.bin');
}

async function openStore(file: string): Promise<TextStore | null> {
  const store = await TextStore.open(file);
  if (store !== null) opened.push(store);
  return store;
}

const MIB = 1 << 20;
/** Texts that straddle the 1 MiB chunks, one bigger than a chunk, and characters of every width. */
const TEXTS: [string, string][] = [
  ['a.md', '# A\n\nplain\n'],
  ['empty.md', ''],
  ['wide.md', 'é ü 漢字 🙂 \u{10348}\n'],
  ['near-chunk.md', 'x'.repeat(MIB - 20)],
  ['across.md', `${'y'.repeat(100)}漢${'z'.repeat(100)}`],
  ['big.md', `${'w'.repeat(MIB + 7)}🙂`],
  ['after-big.md', 'last\n'],
];

/**
 * Texts whose folded copies differ in length from them, or fold in more than one way, next to
 * ones where a query runs from one text into the next (which no note holds).
 */
const COUNTED: [string, string][] = [
  ...TEXTS,
  ['kelvin.md', 'Kelvin \u212A, K and k; KK'],
  ['turkish.md', 'İstanbul, ISTANBUL, ıstanbul'],
  ['greek.md', 'ΟΔΟΣ οδός Σίσυφος'],
  ['german.md', 'Straße STRASSE ẞ'],
  ['left.md', 'see the gar'],
  ['right.md', 'den path, the GARDEN and the garden'],
  ['pairs.md', '🙂🙂🙂 \u{10428}\u{10400}'],
  ['runs.md', 'xxxxx aaaa'],
];
const QUERIES = [
  'garden',
  'Garden',
  'x',
  'xx',
  'aa',
  'k',
  'K',
  '\u212A',
  'istanbul',
  'İ',
  'οδοσ',
  'Σ',
  'ß',
  'ss',
  '🙂',
  '🙂🙂',
  '\u{10428}',
  'w🙂',
  '漢字',
  '🙂last',
  'é',
  'last',
  'zebra',
];

/** How often search finds the query in the text (text-hits.ts counts with this pattern). */
function occurrencesIn(text: string, query: string): number {
  return text.match(foldedQueryPattern(foldCase(query)))?.length ?? 0;
}

describe('the text store', () => {
  test('gives back every text as written, each once, in any order', async () => {
    const file = await storeFile();
    await writeTextStore(file, TEXTS);
    const store = await openStore(file);
    expect(store).not.toBeNull();
    for (const [path, text] of [...TEXTS].reverse()) expect(store?.take(path)?.text).toBe(text);
    expect(store?.take('a.md')).toBeNull(); // taken already
    expect(store?.take('never.md')).toBeNull();
  });

  test('each text comes with the hash it was written with; one UTF-8 cannot carry is left out', async () => {
    const file = await storeFile();
    await writeTextStore(file, [
      ['ok.md', 'fine é\n'],
      ['lone.md', 'half a pair \ud83d here\n'],
    ]);
    const store = await openStore(file);
    expect(store?.take('ok.md')).toEqual({ text: 'fine é\n', hash: textHash('fine é\n') });
    expect(store?.take('lone.md')).toBeNull();
  });

  test('texts taken in order across many chunks come back whole', async () => {
    const file = await storeFile();
    const many = Array.from({ length: 3000 }, (_, i): [string, string] => [
      `n${i}.md`,
      `${i} `.repeat(200),
    ]);
    await writeTextStore(file, many);
    const store = await openStore(file);
    for (const [path, text] of many) expect(store?.take(path)?.text).toBe(text);
  });

  test('a write stopped midway leaves the store it would have replaced, and no temp file', async () => {
    const file = await storeFile();
    await writeTextStore(file, TEXTS.slice(0, 1));
    const before = await readFile(file);
    const stopped = await writeTextStore(file, TEXTS, () => true).catch((error: unknown) => error);
    expect(String(stopped)).toContain('stopped');
    expect(await readFile(file)).toEqual(before);
    expect(await readdir(join(file, '..'))).toEqual(['texts.bin']);
  });

  test('counts a folded query in the stored copies exactly as search counts it in the texts', async () => {
    const file = await storeFile();
    await writeTextStore(file, COUNTED);
    const store = await openStore(file);
    const hashed = COUNTED.map(([path, text]): [string, string] => [path, textHash(text)]);
    for (const query of QUERIES) {
      const counts = store?.countFolded(foldCase(query), hashed);
      for (const [path, text] of COUNTED)
        expect({ query, path, count: counts?.occurrences(path) }).toEqual({
          query,
          path,
          count: occurrencesIn(text, query),
        });
    }
    // Sure to fail if texts' ends were not minded: each finds one across two texts.
    expect(occurrencesIn('see the gar' + 'den path', 'garden')).toBe(1);
    expect(occurrencesIn(`${'w'.repeat(3)}🙂` + 'last', '🙂last')).toBe(1);
  });

  test('counts only the notes asked for, reads their texts, and gives up on any doubt', async () => {
    const file = await storeFile();
    await writeTextStore(file, COUNTED);
    const store = await openStore(file);
    const asked: [string, string][] = [['wide.md', textHash('é ü 漢字 🙂 \u{10348}\n')]];
    const counts = store?.countFolded('漢', asked);
    expect(counts?.occurrences('wide.md')).toBe(1);
    expect(counts?.occurrences('a.md')).toBeUndefined();
    expect(counts?.text('wide.md')).toBe('é ü 漢字 🙂 \u{10348}\n');
    expect(store?.countFolded('a', [['a.md', 'another hash']])).toBeNull();
    expect(store?.countFolded('a', [['never.md', textHash('')]])).toBeNull();
    expect(store?.countFolded('\ud83d', asked)).toBeNull(); // half a pair: only strings hold it
    await truncate(file, 20); // cut short under the open store
    expect(store?.countFolded('漢', asked)).toBeNull();
    await store?.close();
    expect(store?.countFolded('漢', asked)).toBeNull();
  });

  test('a missing, truncated, padded or foreign file is no store', async () => {
    const file = await storeFile();
    expect(await openStore(file)).toBeNull();
    await writeTextStore(file, TEXTS.slice(0, 3));
    const bytes = await readFile(file);
    const indexAt = bytes.lastIndexOf('{"paths"');
    const damaged = [
      bytes.subarray(0, bytes.length - 1),
      Buffer.concat([bytes, Buffer.from([0])]),
      Buffer.concat([Buffer.from('X'), bytes.subarray(1)]),
      Buffer.concat([bytes.subarray(0, indexAt), Buffer.from('['), bytes.subarray(indexAt + 1)]),
      Buffer.concat([Buffer.from('MCPTEXT3\nextra'), bytes.subarray(9)]), // lengths no longer add up
      Buffer.from('garbage'),
    ];
    for (const content of damaged) {
      await writeFile(file, content);
      expect(await openStore(file)).toBeNull();
    }
  });
});

const NOTES = {
  'a.md': '# A\n\nSee [[b]].\n',
  'b.md': '# B\n\n[[a]] #tag\n',
  'c.md': 'Café ☕ [[missing]]\n',
};

/** A vault opened with its cache once the start's writes are done; closed after the test. */
async function openWarm(root: string, cache: string): Promise<NodeHost> {
  const host = await NodeHost.open(root, {
    watch: false,
    metadataCache: { file: cache, key: cacheKey('1.0.0') },
  });
  opened.push(host);
  await host.startWorkDone();
  return host;
}

/** The notes in a vault opened once, so its cache and text store are written. */
async function vaultWithStore(): Promise<{ root: string; cache: string }> {
  vault = await buildVault(NOTES);
  const cache = join(await storeFile(), '..', 'notes.bin');
  await openWarm(vault.root, cache);
  await closeHosts();
  return { root: vault.root, cache };
}

async function closeHosts(): Promise<void> {
  for (const each of opened.splice(0)) await each.close();
}

/** Which file the store is: a write makes a new one and renames it over the old. */
async function storeInode(cache: string): Promise<number> {
  return (await stat(textStorePathOf(cache))).ino;
}

describe('a warm start with the text store', () => {
  test('takes the restored texts from it: an edit keeping size and mtime is not seen', async () => {
    const { root, cache } = await vaultWithStore();
    await editKeepingStat(join(root, 'b.md'), (text) => text.replace('# B', '# C'));
    const warm = await openWarm(root, cache);
    expect(warm.indexing.status().fromCache).toBe(3);
    // As Obsidian's metadata cache: size and mtime vouch for the note (ADR-0028).
    expect(warm.indexed().noteText('b.md')).toBe(NOTES['b.md']);
    expect(warm.getFileCache('b.md')?.headings?.[0]?.heading).toBe('B');
    expect(warm.indexed().noteText('c.md')).toBe(NOTES['c.md']);
  });

  test('never takes a text its record does not hold for, and is written again then', async () => {
    const { root, cache } = await vaultWithStore();
    // A store of other texts under the same paths (the cache records stay those of the notes).
    await writeTextStore(textStorePathOf(cache), [
      ['a.md', '# Not A\n'],
      ['b.md', NOTES['b.md']],
    ]);
    const written = await storeInode(cache);
    const warm = await openWarm(root, cache);
    expect(warm.indexed().noteText('a.md')).toBe(NOTES['a.md']);
    expect(warm.getFileCache('a.md')?.headings?.[0]?.heading).toBe('A');
    expect(warm.indexed().noteText('c.md')).toBe(NOTES['c.md']); // not in the store: the disk
    await closeHosts();
    expect(await storeInode(cache)).not.toBe(written);
    const store = await openStore(textStorePathOf(cache));
    expect(store?.take('a.md')?.text).toBe(NOTES['a.md']);
    expect(store?.take('c.md')?.text).toBe(NOTES['c.md']);
  });

  test('is written again when a note changed, and left alone when nothing did', async () => {
    const { root, cache } = await vaultWithStore();
    const first = await storeInode(cache);
    await openWarm(root, cache);
    await closeHosts();
    expect(await storeInode(cache)).toBe(first);
    await writeFile(join(root, 'c.md'), 'Changed, and longer [[a]]\n');
    await writeFile(join(root, 'd.md'), '# D\n');
    const warm = await openWarm(root, cache);
    expect(warm.resolvedLinks()['c.md']).toEqual({ 'a.md': 1 });
    await closeHosts();
    const store = await openStore(textStorePathOf(cache));
    expect(store?.take('c.md')?.text).toBe('Changed, and longer [[a]]\n');
    expect(store?.take('d.md')?.text).toBe('# D\n');
  });

  test('a file added since: the notes read for their links come from the store', async () => {
    const { root, cache } = await vaultWithStore();
    const edited = await editKeepingStat(join(root, 'c.md'), (text) =>
      text.replace('[[missing]]', '[[nothere]]'),
    );
    expect(edited).toContain('nothere');
    await writeFile(join(root, 'missing.md'), 'now here\n');
    const warm = await openWarm(root, cache);
    // Resolved from the stored text, which size and mtime vouch for: the link it names is found.
    expect(warm.resolvedLinks()['c.md']).toEqual({ 'missing.md': 1 });
    expect(warm.indexed().noteText('c.md')).toBe(NOTES['c.md']);
  });

  test('search counts the notes not read yet over it, until every text is read', async () => {
    const { root, cache } = await vaultWithStore();
    const state = await buildWarmState(root, cache);
    const counts = state.countUnread(foldCase('A'));
    for (const [path, text] of Object.entries(NOTES))
      expect(counts?.occurrences(path)).toBe(occurrencesIn(text, 'A'));
    expect(counts?.text('c.md')).toBe(NOTES['c.md']);
    expect(state.index.noteText('a.md')).toBe(NOTES['a.md']); // read: searched in memory now
    expect(state.countUnread('i')?.occurrences('a.md')).toBeUndefined();
    expect(state.countUnread('i')?.occurrences('c.md')).toBe(2);
    const preparing = state.index.prepareAggregates();
    while (preparing.step());
    expect(state.countUnread('a')).toBeNull();
  });

  test('search does not count over it while it lacks a note not read yet', async () => {
    const { root, cache } = await vaultWithStore();
    await writeTextStore(textStorePathOf(cache), [
      ['a.md', '# Not A\n'],
      ['b.md', NOTES['b.md']],
      ['c.md', NOTES['c.md']],
    ]);
    const state = await buildWarmState(root, cache);
    expect(state.countUnread('a')).toBeNull();
  });
});

/**
 * A vault's state as a warm start's build leaves it, before the owed work reads any text; its
 * text store is closed after the test.
 */
async function buildWarmState(root: string, cache: string): Promise<VaultState> {
  const state = new VaultState(root, '.obsidian');
  opened.push({ close: () => state.closeTextStore() });
  await buildIndex(state, {
    progress: new IndexProgress(),
    cache: { file: cache, key: cacheKey('1.0.0') },
    stopped: () => false,
  });
  expect(state.index.hasUnreadTexts).toBe(true);
  return state;
}
