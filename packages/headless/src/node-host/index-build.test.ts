/**
 * The warm restart (index-build.ts, metadata-cache.ts): a second open of the same vault takes
 * every unchanged note from the on-disk cache and ends with exactly the metadata, tags and link
 * counts a cold parse gives; a changed note, a file that now captures a link, a corrupt cache
 * and a cache of another version are all re-parsed, and a note restored unread is read, checked
 * and re-parsed when its text is first needed. The cache's tag counts answer while the notes
 * are those they were counted for, brought up to date with the notes changed since when that
 * can be told from those alone.
 */
import { afterEach, describe, expect, test } from 'bun:test';
import { mkdtemp, readFile, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildVault, copyVault, type TempVault } from '../test-support/temp-vault.ts';
import { editKeepingStat } from '../test-support/edit-keeping-stat.ts';
import { buildIndex } from './index-build.ts';
import { IndexProgress } from './index-progress.ts';
import { cacheKey } from './metadata-cache-key.ts';
import { readMetadataCache } from './metadata-cache.ts';
import { writeMetadataCache } from './metadata-cache-write.ts';
import { NodeHost } from './node-host.ts';
import { textStorePathOf } from './text-store.ts';
import { VaultState } from './vault-state.ts';

const NOTES = {
  'a.md':
    '---\ntags: [alpha, beta/gamma]\nrating: 3\nup: "[[b]]"\n---\n# A\n\nSee [[b#Part|b]] and [[c]]. #inline\n',
  'b.md': '# B\n\n## Part\n\n- [ ] task [[a]] ^t1\n\n![[pic.png]]\n',
  'sub/d.md': 'Link to [[a]] and [[missing]].\n\n> [!note] Callout\n> text\n',
  'pic.png': 'not really a png',
  'board.canvas':
    '{"nodes":[{"id":"1","type":"file","file":"a.md","x":0,"y":0,"width":1,"height":1}],"edges":[]}',
};

let vault: TempVault | null = null;
let cacheDir: string | null = null;
const hosts: NodeHost[] = [];

afterEach(async () => {
  for (const host of hosts.splice(0)) await host.close();
  await vault?.remove();
  vault = null;
  if (cacheDir !== null) await rm(cacheDir, { recursive: true, force: true });
  cacheDir = null;
});

async function cacheFile(): Promise<string> {
  cacheDir = await mkdtemp(join(tmpdir(), 'mcp-meta-'));
  return join(cacheDir, 'notes.bin');
}

/** Opens the vault with the cache, once the cache and the text store are written as needed. */
async function openWithCache(root: string, file: string, key = cacheKey('1.0.0')) {
  const host = await NodeHost.open(root, {
    watch: false,
    metadataCache: { file, key },
    cacheSample: 0, // what the cache gives, without the background sample's second look
  });
  hosts.push(host);
  await host.startWorkDone();
  return host;
}

/** Removes the text store, so that notes restored unread are read from the disk. */
async function removeTextStore(cache: string): Promise<void> {
  await rm(textStorePathOf(cache));
}

/** Everything the index answers, for comparing two runs. */
function snapshot(host: NodeHost) {
  const paths = host
    .listFiles()
    .map((file) => file.path)
    .sort();
  return {
    metadata: paths.map((path) => [path, host.getFileCache(path)]),
    tags: paths.map((path) => [path, host.getAllTags(path)]),
    resolved: host.resolvedLinks(),
    unresolved: host.unresolvedLinks(),
    tagCounts: host
      .answers()
      .tagCounts()
      .sort((x, y) => x.tag.localeCompare(y.tag)),
    broken: host.answers().brokenLinkSources(),
  };
}

/**
 * The vault opened once to write its cache, then built alone from it: a host would go on to read
 * every note restored unread in the background.
 */
async function buildFromCache(
  notes: Record<string, string>,
): Promise<{ state: VaultState; root: string }> {
  vault = await buildVault(notes);
  const file = await cacheFile();
  await openWithCache(vault.root, file);
  await closeAll();
  await removeTextStore(file);
  const state = new VaultState(vault.root, '.obsidian');
  await buildIndex(state, {
    progress: new IndexProgress(),
    cache: { file, key: cacheKey('1.0.0') },
    stopped: () => false,
  });
  return { state, root: vault.root };
}

/** A copy of the bytes with the one at `at` replaced. */
function withByte(bytes: Buffer, at: number, replacement: string): Buffer {
  expect(at).toBeGreaterThan(0);
  const copy = Buffer.from(bytes);
  copy.write(replacement, at, 'latin1');
  return copy;
}

/**
 * A copy of the cache file with an int of its notes' table replaced: the table ends the Int32
 * part, six ints a note (the first: the note's path, as an index into the paths).
 */
function withTableInt(bytes: Buffer, note: number, int: number, value: number): Buffer {
  const trailer = bytes.subarray(bytes.length - 16);
  const [shortBytes, longBytes, floatBytes] = [0, 4, 8].map((at) => trailer.readUInt32LE(at));
  const longAt = (8 + (shortBytes as number) + 3) & ~3;
  const tableAt = longAt + (longBytes as number) - ((floatBytes as number) / 16) * 6 * 4;
  const copy = Buffer.from(bytes);
  copy.writeInt32LE(value, tableAt + (note * 6 + int) * 4);
  return copy;
}

async function closeAll(): Promise<void> {
  for (const host of hosts.splice(0)) await host.close();
}

describe('the metadata cache', () => {
  test('a restart takes every unchanged note from the cache and answers as a cold parse', async () => {
    vault = await buildVault(NOTES);
    const file = await cacheFile();
    const cold = await openWithCache(vault.root, file);
    expect(cold.indexing.status()).toMatchObject({ state: 'ready', total: 4, fromCache: 0 });
    const before = snapshot(cold);
    await closeAll();
    expect((await readMetadataCache(file, cacheKey('1.0.0'))).records.size).toBe(3);
    const warm = await openWithCache(vault.root, file);
    expect(warm.indexing.status()).toMatchObject({ state: 'ready', total: 4, fromCache: 3 });
    // Read one by one before the record is first handed out (the snapshot), then compared.
    const paths = warm.listFiles().map((each) => each.path);
    const perSource = paths.map((path) => warm.answers().unresolvedLinksOf(path));
    expect(snapshot(warm)).toEqual(before);
    expect(perSource).toEqual(paths.map((path) => warm.unresolvedLinks()[path] ?? {}));
    expect(perSource.some((counts) => Object.keys(counts).length > 0)).toBe(true);
    // What search lists once the notes restored unread are read.
    const texts = new Map((await warm.answers().noteTexts()).map((note) => [note.path, note.text]));
    for (const path of ['a.md', 'b.md', 'sub/d.md'])
      expect(texts.get(path)).toBe(NOTES[path as keyof typeof NOTES]);
  });

  test('the texts of notes restored unread are read ahead of need, first of the owed work', async () => {
    const { state } = await buildFromCache(NOTES);
    expect(state.index.hasUnreadTexts).toBe(true);
    const preparing = state.index.prepareAggregates(2);
    preparing.step();
    expect(state.index.hasUnreadTexts).toBe(true); // two of three read
    preparing.step();
    expect(state.index.hasUnreadTexts).toBe(false);
  });

  test('a step of the owed work ends once its time is spent, one note at least', async () => {
    const { state } = await buildFromCache(NOTES);
    const preparing = state.index.prepareAggregates(250, () => true);
    preparing.step();
    preparing.step();
    expect(state.index.hasUnreadTexts).toBe(true); // two of three read, a note a step
    preparing.step();
    expect(state.index.hasUnreadTexts).toBe(false);
  });

  test('the real vault: a warm start equals a cold one note for note', async () => {
    vault = await copyVault();
    const file = await cacheFile();
    const before = snapshot(await openWithCache(vault.root, file));
    await closeAll();
    const warm = await openWithCache(vault.root, file);
    const status = warm.indexing.status();
    expect(status.fromCache).toBeGreaterThan(100);
    expect(snapshot(warm)).toEqual(before);
  });

  test('notes over 32 KB (32-bit offsets) and under it come back from the cache alike', async () => {
    const long = `# Long\n\n${'word '.repeat(9000)}[[b]] #late\n\n## End ^tail\n`;
    vault = await buildVault({ 'long.md': long, 'b.md': '# B\n\n[[long#End]]\n', 'c.md': 'x\n' });
    const file = await cacheFile();
    const before = snapshot(await openWithCache(vault.root, file));
    await closeAll();
    const warm = await openWithCache(vault.root, file);
    expect(warm.indexing.status().fromCache).toBe(3);
    expect(snapshot(warm)).toEqual(before);
    expect(warm.getFileCache('long.md')?.headings?.[1]?.position.start.offset).toBeGreaterThan(
      32_767,
    );
    // The counts come from the cache (the Int32 part holds both the long note's ints and them).
    const { records } = await readMetadataCache(file, cacheKey('1.0.0'));
    expect(records.get('b.md')?.links?.resolved()).toEqual({ 'long.md': 1 });
    expect(records.get('long.md')?.links?.resolved()).toEqual({ 'b.md': 1 });
  });

  test('a warm start makes its reverse map from the cached targets, making no counts', async () => {
    vault = await buildVault({ 'a.md': '[[b]] [[c]] [[b]]\n', 'b.md': '[[c]]\n', 'c.md': 'x\n' });
    const file = await cacheFile();
    const before = (await openWithCache(vault.root, file)).answers().backlinksOf('c.md');
    await closeAll();
    const { records } = await readMetadataCache(file, cacheKey('1.0.0'));
    const targets: string[] = [];
    records.get('a.md')?.links?.eachResolvedTarget?.((target) => targets.push(target));
    expect(targets.sort()).toEqual(['b.md', 'c.md']);
    // Made each time, kept by whoever asked: the cache writer's asking keeps none (ADR-0058).
    const counts = records.get('a.md')?.links;
    expect(counts?.resolved()).toEqual({ 'b.md': 2, 'c.md': 1 });
    expect(counts?.resolved()).not.toBe(counts?.resolved());
    const warm = await openWithCache(vault.root, file);
    expect(warm.answers().backlinksOf('c.md')).toEqual(before);
    expect(before).toEqual({ 'a.md': 1, 'b.md': 1 });
  });

  test('a cache written again from a read one keeps each frontmatter, read or not', async () => {
    vault = await buildVault({ ...NOTES, 'e.md': '---\naliases: [E]\nwhen: 2026-01-05\n---\nE\n' });
    const file = await cacheFile();
    const before = snapshot(await openWithCache(vault.root, file));
    await closeAll();
    const content = await readMetadataCache(file, cacheKey('1.0.0'));
    expect(content.records.get('a.md')?.packed.frontmatter?.rating).toBe(3); // read; e.md's is not
    await writeMetadataCache(file, cacheKey('1.0.0'), {
      paths: content.paths,
      records: content.records,
    });
    const warm = await openWithCache(vault.root, file);
    expect(warm.indexing.status().fromCache).toBe(4);
    expect(snapshot(warm)).toEqual(before);
  });

  test('without a text store, an edit that kept size and mtime is found at the first read', async () => {
    vault = await buildVault(NOTES);
    const file = await cacheFile();
    const cold = await openWithCache(vault.root, file);
    expect(cold.resolvedLinks()['b.md']).toEqual({ 'a.md': 1, 'pic.png': 1 });
    await closeAll();
    await removeTextStore(file);
    const edited = await editKeepingStat(join(vault.root, 'b.md'), (text) =>
      text.replace('# B', '# C').replace('[[a]]', '[[c]]'),
    );
    const warm = await openWithCache(vault.root, file);
    expect(warm.indexing.status().fromCache).toBe(3); // restored unread, as size and mtime hold
    expect(warm.getFileCache('b.md')?.headings?.[0]?.heading).toBe('C');
    expect(await warm.answers().noteText('b.md')).toBe(edited);
    await Promise.resolve(); // the note is set again once the read's caller is done
    expect(warm.resolvedLinks()['b.md']).toEqual({ 'pic.png': 1 });
    expect(warm.unresolvedLinks()['b.md']).toEqual({ c: 1 });
    expect(warm.answers().brokenLinkSources()).toEqual(['a.md', 'b.md', 'sub/d.md']);
  });

  test('a restored note is read on first need, never through a link, and from where it moved', async () => {
    const { state, root } = await buildFromCache({ ...NOTES, 'e.md': '# E\n' });
    // An edit made after the build (size and mtime kept) is what the first read finds.
    await editKeepingStat(join(root, 'a.md'), (text) => text.replace('# A', '# Z'));
    expect(state.index.getFileCache('a.md')?.headings?.[0]?.heading).toBe('Z');
    // A folder, or a note, swapped for a link to a look-alike outside: nothing is read through it.
    const outside = await mkdtemp(join(tmpdir(), 'mcp-outside-'));
    try {
      await writeFile(join(outside, 'd.md'), '# Outside secret\n');
      await rename(join(root, 'sub'), join(root, 'sub-moved'));
      await symlink(outside, join(root, 'sub'), 'dir');
      expect(state.index.noteText('sub/d.md')).toBe('');
      expect(state.index.getFileCache('sub/d.md')?.headings).toBeUndefined();
      await rm(join(root, 'e.md'));
      await symlink(join(outside, 'd.md'), join(root, 'e.md'), 'file');
      expect(state.index.noteText('e.md')).toBe('');
    } finally {
      await rm(outside, { recursive: true, force: true });
    }
    // Moved before its first read (the move re-resolves links, which reads it): from its new place.
    await state.move('b.md', 'moved/b.md');
    expect(state.index.getFileCache('moved/b.md')?.headings?.[0]?.heading).toBe('B');
  });

  test('a file added since resolves the links it now captures', async () => {
    vault = await buildVault(NOTES);
    const file = await cacheFile();
    const cold = await openWithCache(vault.root, file);
    expect(cold.unresolvedLinks()['sub/d.md']).toEqual({ missing: 1 });
    await closeAll();
    await writeFile(join(vault.root, 'sub/missing.md'), 'now here\n');
    const warm = await openWithCache(vault.root, file);
    expect(warm.resolvedLinks()['sub/d.md']).toEqual({ 'a.md': 1, 'sub/missing.md': 1 });
    expect(warm.unresolvedLinks()['sub/d.md']).toEqual({});
    expect(warm.answers().brokenLinkSources()).toEqual(['a.md']);
  });

  test('a corrupt, truncated or foreign cache is ignored and every note parsed', async () => {
    vault = await buildVault(NOTES);
    const file = await cacheFile();
    const before = snapshot(await openWithCache(vault.root, file));
    await closeAll();
    const bytes = await readFile(file);
    const damaged = [
      bytes.subarray(0, bytes.length - 3),
      Buffer.concat([bytes, Buffer.from([0])]),
      Buffer.concat([Buffer.from('X'), bytes.subarray(1)]), // lengths hold, the magic does not
      withByte(bytes, bytes.indexOf('\n["') + 1, '{'), // lengths hold, a line of notes is no JSON
      withTableInt(bytes, 1, 0, 1e9), // a note's path is not among the paths
      withTableInt(bytes, 2, 1, 8), // a note's ints are neither 16- nor 32-bit
      withTableInt(bytes, 0, 3, 1e9), // a note's ints end past their part
      Buffer.from('garbage'),
    ];
    for (const content of damaged) {
      await writeFile(file, content);
      const host = await openWithCache(vault.root, file);
      expect(host.indexing.status().fromCache).toBe(0);
      expect(snapshot(host)).toEqual(before);
      await closeAll();
    }
    const other = await openWithCache(vault.root, file, cacheKey('9.9.9'));
    expect(other.indexing.status().fromCache).toBe(0);
    expect(snapshot(other)).toEqual(before);
  });
});

describe("the cache's tag counts", () => {
  const byTag = <T extends { tag: string }>(counts: T[]) =>
    counts.sort((x, y) => x.tag.localeCompare(y.tag));

  /** The cache as written, its tag counts replaced by ones no count would give. */
  async function markTagCounts(file: string): Promise<void> {
    const content = await readMetadataCache(file, cacheKey('1.0.0'));
    const tagCounts = () => [{ tag: 'from-the-cache', count: 7 }];
    await writeMetadataCache(file, cacheKey('1.0.0'), { ...content, tagCounts });
  }

  test('are those of the notes written, and answer a warm start until a note changes', async () => {
    vault = await buildVault(NOTES);
    const file = await cacheFile();
    const cold = await openWithCache(vault.root, file);
    const counted = byTag(cold.answers().tagCounts());
    await closeAll();
    expect(byTag((await readMetadataCache(file, cacheKey('1.0.0'))).tagCounts ?? [])).toEqual(
      counted,
    );
    await markTagCounts(file);
    const warm = await openWithCache(vault.root, file);
    expect(warm.answers().tagCounts()).toEqual([{ tag: 'from-the-cache', count: 7 }]);
    await warm.create('e.md', 'Now #alpha too\n');
    const alpha = warm
      .answers()
      .tagCounts()
      .find((entry) => entry.tag === 'alpha');
    expect(alpha?.count).toBe(2);
    expect(
      warm
        .answers()
        .tagCounts()
        .some((entry) => entry.tag === 'from-the-cache'),
    ).toBe(false);
  });

  test('answer a warm start with notes changed since, brought up to date with those alone', async () => {
    vault = await buildVault(NOTES);
    const file = await cacheFile();
    await openWithCache(vault.root, file);
    await closeAll();
    await markTagCounts(file);
    await writeFile(join(vault.root, 'b.md'), '# B again #Fresh/tag\n');
    const warm = await openWithCache(vault.root, file);
    expect(byTag(warm.answers().tagCounts())).toEqual([
      { tag: 'Fresh', count: 1 },
      { tag: 'Fresh/tag', count: 1 },
      { tag: 'from-the-cache', count: 7 },
    ]);
  });

  test('are counted again when the changed notes cannot tell them, or a file was added', async () => {
    vault = await buildVault(NOTES);
    const file = await cacheFile();
    await openWithCache(vault.root, file);
    await closeAll();
    await writeFile(join(vault.root, 'sub/d.md'), 'Tagged #alpha now\n');
    const counted = byTag((await openWithCache(vault.root, file)).answers().tagCounts());
    expect(counted.find((entry) => entry.tag === 'alpha')?.count).toBe(2);
    await closeAll();
    for (const change of [
      // Leaves a group: who spells it next may be any other note.
      () => writeFile(join(vault!.root, 'sub/d.md'), 'Untagged again\n'),
      () => writeFile(join(vault!.root, 'pic2.png'), 'another'),
    ]) {
      await markTagCounts(file);
      await change();
      const warm = await openWithCache(vault.root, file);
      const recounted = await NodeHost.open(vault.root, { watch: false });
      hosts.push(recounted);
      expect(byTag(warm.answers().tagCounts())).toEqual(byTag(recounted.answers().tagCounts()));
      await closeAll();
    }
  });

  test('are left out of a cache written after a note changed', async () => {
    vault = await buildVault(NOTES);
    const file = await cacheFile();
    const state = new VaultState(vault.root, '.obsidian');
    const cache = { file, key: cacheKey('1.0.0') };
    const built = await buildIndex(state, {
      progress: new IndexProgress(),
      cache,
      stopped: () => false,
    });
    state.index.removeFile('a.md');
    await built.writeCache?.();
    const written = await readMetadataCache(file, cacheKey('1.0.0'));
    expect(written.records.size).toBe(3);
    expect(written.tagCounts).toBeUndefined();
  });
});

describe('parsing in threads', () => {
  test('the real vault parsed in two threads answers exactly as parsed in-process', async () => {
    vault = await copyVault();
    const open = async (parseThreads: number) => {
      const host = await NodeHost.open(vault!.root, { watch: false, parseThreads });
      hosts.push(host);
      expect((host.indexing.status().parsedInThreads ?? 0) > 0).toBe(parseThreads > 0);
      const paths = snapshot(host).metadata.map(([path]) => path as string);
      const texts = await Promise.all(paths.map((path) => host.answers().noteText(path)));
      return { ...snapshot(host), texts };
    };
    const inProcess = await open(0);
    const threaded = await open(2);
    // Key order too (the scan's order of the files is not fixed, so links are compared as sets).
    expect(JSON.stringify(threaded.metadata)).toBe(JSON.stringify(inProcess.metadata));
    expect(threaded).toEqual(inProcess);
  });

  test('closing while threads parse ends the build', async () => {
    vault = await copyVault();
    const host = await NodeHost.start(vault.root, { watch: false, parseThreads: 2 });
    await host.close();
    expect(host.indexing.status().state).not.toBe('building');
  });
});
