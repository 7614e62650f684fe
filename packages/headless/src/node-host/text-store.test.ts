/**
 * The text store beside the metadata cache (text-store.ts, ADR-0028): what is written is taken
 * back byte for byte, once each, across chunk boundaries; any doubt about the file is no store;
 * and a warm start takes its restored notes' texts from it, never one its cache record does not
 * hold for, and writes it again only when it is not current.
 */
import { afterEach, describe, expect, test } from 'bun:test';
import { mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { editKeepingStat } from '../test-support/edit-keeping-stat.ts';
import { buildVault, type TempVault } from '../test-support/temp-vault.ts';
import { cacheKey, textHash } from './metadata-cache-key.ts';
import { NodeHost } from './node-host.ts';
import { TextStore, textStorePathOf } from './text-store.ts';
import { writeTextStore } from './text-store-write.ts';

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
      Buffer.concat([Buffer.from('MCPTEXT4\nextra'), bytes.subarray(9)]), // lengths no longer add up
      // Format 3 (ADR-0031) kept folded copies after the texts: such a store is rebuilt.
      Buffer.concat([Buffer.from('MCPTEXT3\n'), bytes.subarray(9)]),
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
    // What the cache and the store give, without the background sample's second look.
    cacheSample: 0,
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
    expect(await warm.answers().noteText('b.md')).toBe(NOTES['b.md']);
    expect(warm.getFileCache('b.md')?.headings?.[0]?.heading).toBe('B');
    expect(await warm.answers().noteText('c.md')).toBe(NOTES['c.md']);
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
    expect(await warm.answers().noteText('a.md')).toBe(NOTES['a.md']);
    expect(warm.getFileCache('a.md')?.headings?.[0]?.heading).toBe('A');
    expect(await warm.answers().noteText('c.md')).toBe(NOTES['c.md']); // not in the store: the disk
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
    expect(await warm.answers().noteText('c.md')).toBe(NOTES['c.md']);
  });
});
