/**
 * Builds a NodeHost's index of the vault, in the background while the server already listens:
 * scan the folders (watching each as it is met), sweep what an interrupted write left, register
 * every file (so links resolve against the whole vault), then index every note and canvas. A
 * note whose path, size and mtime are those of the on-disk cache is restored from it unread
 * (VaultIndex.restoreNote reads and checks its text on first need, ADR-0027), with its link
 * counts, when no file was added or removed since the cache was written. Otherwise the note is
 * read (from the text store beside the cache when its size and mtime are the cache's and the store
 * has the text the record was made from: text-store.ts, ADR-0028); its cached metadata is taken
 * when its text hash matches too, and it is parsed when not (in worker threads for a big vault,
 * while this thread goes on reading and resolving links: parse-pool.ts); its link counts are
 * taken from the cache unless a file sharing a name with one of its links was added or removed
 * since (the counts depend on nothing else). A note the cache has no record of (every note of a
 * cold build) is read, hashed and parsed in one go, by a parse thread for a big vault: this
 * thread then neither reads it nor copies its text out to be parsed, and spends its time on the
 * links (ADR-0059). When the build's reads wait on the disk (a cold
 * build after a reboot), a thread brings the next files into the page cache, several at once,
 * while this thread reads and resolves the ones before (read-ahead.ts, ADR-0029). Tag counts and
 * the link graph's key index are owed, not built, while loading (VaultIndex.deferAggregates);
 * the host prepares them once the index is ready, and when every note came from the cache, the
 * cache's tag counts answer meanwhile. When anything was parsed (or a cached note is gone), the
 * build hands back the writing of a new cache, for after the index is ready, and of the text
 * store, for once every text is in. Progress goes to `progress`; `stopped()` ends the build
 * early (the host is closing).
 */
import { readNoteTextSync } from './read-text.ts';
import { getLinkpath, nameKey } from '@mcp-connector/markdown/links';
import {
  isIndexedText,
  noteLinkTexts,
  parseNote,
  type NoteBefore,
  type PackedMetadata,
} from '@mcp-connector/markdown/vault';
import type { IndexProgress } from './index-progress.ts';
import { ParsePool, defaultParseThreads, readHere, type ReadBatch } from './parse-pool.ts';
import type { ReadNote } from './read-note.ts';
import { ReadAhead } from './read-ahead.ts';
import { TextStore, textStorePathOf } from './text-store.ts';
import { writeTextStore } from './text-store-write.ts';
import { holdsFor, textHash } from './metadata-cache-key.ts';
import type { CacheRecord } from './metadata-cache-layout.ts';
import { readMetadataCache, sweepCacheLeftovers } from './metadata-cache.ts';
import { dirname } from 'node:path';
import { writeMetadataCache } from './metadata-cache-write.ts';
import type { VaultState } from './vault-state.ts';
import { nextTurn } from './next-turn.ts';
import { listVault, statListing, type ScannedFile } from './vault-scan.ts';

/** Where the metadata cache lives and the key its content must carry. */
export interface MetadataCacheOptions {
  file: string;
  key: string;
}

export interface BuiltIndex {
  /** Writes the metadata cache anew; null when it is current (or there is none). */
  writeCache: (() => Promise<void>) | null;
  /** Writes the text store anew when it is not current; null when there is no cache. */
  writeTexts: (() => Promise<void>) | null;
}

export interface BuildOptions {
  progress: IndexProgress;
  cache: MetadataCacheOptions | null;
  /** Hears of each folder before it is listed (the watcher). */
  onFolder?: (diskPath: string) => void;
  stopped: () => boolean;
  /** Threads parsing notes (0: in-process); by default one per core but one, for big vaults. */
  parseThreads?: number;
}

/** Reads in flight at once while indexing; also the notes a parse thread gets at once. */
const READ_BATCH = 64;
/** From this many notes and canvases on, notes are parsed in worker threads (parse-pool.ts). */
const PARSE_THREADS_FROM = 2000;
/** Batches waiting for or being parsed, per thread, before reading waits for them. */
const BATCHES_PER_THREAD = 4;
/**
 * Notes parsed in-process before threads start: a warm start with a few notes edited parses
 * those in well under a millisecond each, where starting the threads took 0.1-0.3 s (ADR-0044).
 */
const PARSED_BEFORE_THREADS = READ_BATCH;

export async function buildIndex(state: VaultState, options: BuildOptions): Promise<BuiltIndex> {
  const cache = options.cache;
  const listing = await listVault(state.root, options.onFolder);
  const scanning = statListing(state.root, listing);
  // Read while the stats are taken (in a thread, for a big vault: file-stats.ts).
  const [cached, store] =
    cache === null
      ? [null, null]
      : await Promise.all([
          readMetadataCache(cache.file, cache.key),
          TextStore.open(textStorePathOf(cache.file)),
          sweepCacheLeftovers(dirname(cache.file)),
        ]);
  if (cached?.records.size === 0) await store?.close();
  else state.useTextStore(store);
  const scan = await scanning;
  await Promise.all(scan.leftovers.map((diskPath) => state.sweepLeftover(diskPath)));
  for (const folder of scan.folders) state.table.addFolder(folder.path, folder.diskPath);
  for (const file of scan.files) state.table.setFile(file.path, file.diskPath, file.stat);
  for (const file of scan.files) state.index.addFile(file.path, null);
  state.index.deferAggregates();
  const texts = scan.files.filter((file) => isIndexedText(file.path));
  options.progress.startIndexing(texts.length);
  const renamed = cached === null ? null : namesChanged(cached.paths, scan.files);
  const fresh = new Map<string, CacheRecord>();
  // Threads told (tests) parse from the first note; chosen here, after a few notes parsed here.
  const parser =
    options.parseThreads !== undefined
      ? new NoteParser(options.parseThreads, 0)
      : new NoteParser(texts.length >= PARSE_THREADS_FROM ? defaultParseThreads() : 0);
  // Notes are indexed in the order they were found, parsed or not (the link graph's order).
  let indexed: Promise<unknown> = Promise.resolve();
  const indexing: Promise<unknown>[] = [];
  let parsed = 0;
  /** Notes parsed again: changed since the cache was written (when it has them). */
  const changed: string[] = [];
  const readAhead = new ReadAhead(state.root, texts);
  try {
    for (let start = 0; start < texts.length; start += READ_BATCH) {
      if (options.stopped()) return { writeCache: null, writeTexts: null };
      const batch = texts.slice(start, start + READ_BATCH);
      await nextTurn(); // requests (and a close) get their turn between batches
      const reads = { count: 0, ms: 0 };
      // A note no cached record speaks for is read where it is parsed (a thread, for a big vault).
      const toRead: ScannedFile[] = [];
      const notes = batch.flatMap((file): Note[] => {
        const record = cached?.records.get(file.path);
        if (record === undefined && file.path.endsWith('.md')) {
          toRead.push(file);
          return [file];
        }
        if (record !== undefined && restorable(file, record, renamed))
          return [unread(file, record)];
        const stored =
          record !== undefined && sameStat(file, record) ? fromStore(state, file, record) : null;
        if (stored !== null) return [stored];
        const text = timed(reads, () => readIndexedText(state, file));
        return text === null ? [] : [examine(file, text, record)];
      });
      readAhead.batchRead(start + batch.length, reads.count, reads.ms);
      const unparsed = notes.filter(
        (note): note is ReadText & { text: string } => 'file' in note && needsParsing(note),
      );
      parsed += unparsed.length + toRead.length;
      for (const note of unparsed) changed.push(note.file.path);
      for (const file of toRead) changed.push(file.path);
      const packed = unparsed.length === 0 ? [] : parser.parse(unparsed.map((note) => note.text));
      const read = toRead.length === 0 ? null : parser.readAndParse(state.root, toRead);
      const readTo = start + batch.length;
      indexed = Promise.all([packed, read, indexed]).then(([packed, read]) => {
        if (options.stopped()) return;
        if (read !== null) readAhead.batchRead(readTo, toRead.length, read.readMs);
        let next = 0;
        let nextRead = 0;
        for (const note of notes) {
          if (!('file' in note)) {
            const done = (read as ReadBatch).notes[nextRead++] ?? null;
            if (done === null) continue; // gone since the scan
            fresh.set(note.path, indexRead(state, note, done));
            options.progress.noteDone(false);
            continue;
          }
          const record = indexNote(
            state,
            note,
            needsParsing(note) ? packed[next++] : undefined,
            renamed,
          );
          if (record !== null) fresh.set(note.file.path, record);
          options.progress.noteDone(note.reusable !== null);
        }
      });
      indexing.push(indexed);
      while (indexing.length > parser.waitingRoom) await indexing.shift();
    }
    await indexed;
    options.progress.threadsParsed(parser.parsedInThreads);
  } finally {
    parser.close();
    readAhead.close();
  }
  // The notes the cache has, no file added or removed since it was written; some maybe changed.
  const sameNotes = cached !== null && fresh.size === cached.records.size && renamed?.size === 0;
  const asCached = sameNotes && parsed === 0;
  if (sameNotes && cached.tagCounts !== undefined) {
    const before = notesBefore(state, cached.records, changed);
    if (before !== null) state.index.restoreTagCounts(cached.tagCounts, before);
  }
  if (cache === null) return { writeCache: null, writeTexts: null };
  const writeTexts = textStoreWriter(state, cache, !asCached, options.stopped);
  if (asCached) return { writeCache: null, writeTexts };
  // Taken now: the counts objects are replaced, never changed, when a note changes later.
  const paths = state.table.listFiles().map((file) => file.path);
  for (const [path, record] of fresh) record.links = state.index.linkCountsOf(path);
  const built = state.index.changeMark;
  // Counted when written, and only while the notes are still those of the records.
  const tagCounts = () => (state.index.changeMark === built ? state.index.tagCounts() : undefined);
  return {
    writeCache: () =>
      writeMetadataCache(cache.file, cache.key, { paths, records: fresh, tagCounts }),
    writeTexts,
  };
}

/**
 * Writes the text store once every note's text is in (call it then, or it reads them): when
 * the cache is written anew, or a note the cache holds was not in the store.
 */
function textStoreWriter(
  state: VaultState,
  cache: MetadataCacheOptions,
  cacheRewritten: boolean,
  stopped: () => boolean,
): () => Promise<void> {
  return async () => {
    await state.closeTextStore(); // first: the file is replaced
    if (cacheRewritten || state.storeMissed)
      await writeTextStore(textStorePathOf(cache.file), state.noteTexts(), stopped);
  };
}

/**
 * Parses in threads once more than a few notes need it (a warm start may need none or a few),
 * else in-process.
 */
class NoteParser {
  private pool: ParsePool | null = null;
  private parsedHere = 0;

  constructor(
    private readonly threads: number,
    private readonly parsedBeforeThreads = PARSED_BEFORE_THREADS,
  ) {}

  /** How many batches may be in flight before reading waits. */
  get waitingRoom(): number {
    return Math.max(1, this.threads) * BATCHES_PER_THREAD;
  }

  /** A pool of no threads parses in-process. */
  parse(texts: string[]): Promise<PackedMetadata[]> {
    if (this.parsesHere(texts.length)) return Promise.resolve(texts.map(parseNote));
    return this.started().parse(texts);
  }

  /** The files (scanned under `root`) read and parsed, in order: where `parse` would parse. */
  readAndParse(root: string, files: readonly ScannedFile[]): Promise<ReadBatch> {
    const paths = files.map((file) => `${root}/${file.diskPath}`);
    if (this.parsesHere(paths.length)) return Promise.resolve(readHere(paths));
    return this.started().readAndParse(paths);
  }

  private parsesHere(notes: number): boolean {
    if (this.pool !== null || this.parsedHere + notes > this.parsedBeforeThreads) return false;
    this.parsedHere += notes;
    return true;
  }

  private started(): ParsePool {
    this.pool ??= new ParsePool(this.threads);
    return this.pool;
  }

  get parsedInThreads(): number {
    return this.pool?.parsedInThreads ?? 0;
  }

  close(): void {
    this.pool?.close();
  }
}

/**
 * The changed notes as the cache's records were made from them (the store's texts), or null when
 * the store does not hold one: their tags then, to bring the cache's tag counts up to date.
 */
function notesBefore(
  state: VaultState,
  records: ReadonlyMap<string, CacheRecord>,
  changed: readonly string[],
): NoteBefore[] | null {
  const before: NoteBefore[] = [];
  for (const path of changed) {
    const record = records.get(path);
    const text = record === undefined ? null : state.storedText(path, record.hash);
    if (record === undefined || text === null) return null;
    before.push({ path, text, packed: record.packed });
  }
  return before;
}

/** The name keys of the files added or removed since the cache was written. */
function namesChanged(before: readonly string[], now: readonly ScannedFile[]): Set<string> {
  if (listedAlike(before, now)) return new Set();
  const then = new Set(before);
  const changed = new Set<string>();
  for (const file of now) if (!then.delete(file.path)) changed.add(nameKey(file.path));
  for (const path of then) changed.add(nameKey(path));
  return changed;
}

/**
 * Whether the files are the cache's paths in the same order: what a restart finds when nothing
 * was added or removed (the cache lists the files in the order they were scanned), told without
 * a set of 100,000 paths.
 */
function listedAlike(before: readonly string[], now: readonly ScannedFile[]): boolean {
  if (before.length !== now.length) return false;
  for (let i = 0; i < now.length; i++) if (before[i] !== (now[i] as ScannedFile).path) return false;
  return true;
}

/** The text of a note or canvas, or null when it is gone or unreadable since the scan. */
function readIndexedText(state: VaultState, file: ScannedFile): string | null {
  // Not path.join: the disk path is already a clean relative path, and join costs at 100k files.
  // Synchronous: Node's promise readFile makes four thread-pool trips a file, and 100k small
  // notes took 2.1-2.5 s against 0.6 s (Bun: 0.43 s either way). A batch blocks well under a
  // millisecond of reads between the turns the build yields. From the disk, ReadAhead has
  // already brought the file in when it can.
  return readNoteTextSync(`${state.root}/${file.diskPath}`);
}

/** What `read` gives, counting it and the time it took into `reads`. */
function timed<T>(reads: { count: number; ms: number }, read: () => T): T {
  const from = performance.now();
  try {
    return read();
  } finally {
    reads.count++;
    reads.ms += performance.now() - from;
  }
}

/**
 * A note or canvas as read (or, `text` null, a note restored unread), with its cached record
 * when that still holds for it.
 */
interface ReadText {
  file: ScannedFile;
  text: string | null;
  hash: string;
  reusable: CacheRecord | null;
}

/**
 * Whether a note can be restored from its record without reading it: size and mtime as cached,
 * as Obsidian trusts them, while no file was added or removed since (telling which of its links
 * such a file affects takes its text).
 */
function restorable(
  file: ScannedFile,
  record: CacheRecord,
  renamed: ReadonlySet<string> | null,
): boolean {
  return renamed?.size === 0 && sameStat(file, record) && file.path.endsWith('.md');
}

/** A note whose size and mtime are its record's, with the stored text the record holds for. */
function fromStore(state: VaultState, file: ScannedFile, record: CacheRecord): ReadText | null {
  const text = file.path.endsWith('.md') ? state.storedText(file.path, record.hash) : null;
  return text === null ? null : { file, text, hash: record.hash, reusable: record };
}

function unread(file: ScannedFile, record: CacheRecord): ReadText {
  return { file, text: null, hash: record.hash, reusable: record };
}

function examine(file: ScannedFile, text: string, cached: CacheRecord | undefined): ReadText {
  if (!file.path.endsWith('.md')) return { file, text, hash: '', reusable: null };
  const hash = textHash(text);
  const reusable = cached !== undefined && sameStat(file, cached) && holdsFor(text, cached);
  return { file, text, hash, reusable: reusable ? cached : null };
}

function sameStat({ stat }: ScannedFile, record: CacheRecord): boolean {
  return record.size === stat.size && record.mtime === stat.mtime;
}

function needsParsing(read: ReadText): read is ReadText & { text: string } {
  return read.reusable === null && read.text !== null && read.file.path.endsWith('.md');
}

/** A note as the build found it: read (or restored) already, or a file read where it is parsed. */
type Note = ReadText | ScannedFile;

/** Indexes a note read and parsed together (no cached record spoke for it); its new record. */
function indexRead(state: VaultState, file: ScannedFile, read: ReadNote): CacheRecord {
  state.index.setNote(file.path, read.text, read.packed);
  return { size: file.stat.size, mtime: file.stat.mtime, hash: read.hash, packed: read.packed };
}

/** Indexes what was read; the note's record for the next cache (null for a canvas). */
function indexNote(
  state: VaultState,
  read: ReadText,
  parsed: PackedMetadata | undefined,
  renamed: ReadonlySet<string> | null,
): CacheRecord | null {
  const { file, text, hash, reusable } = read;
  if (text === null) {
    const restored = reusable as CacheRecord;
    state.index.restoreNote(file.path, restored.packed, hash, restored.links);
    return restored;
  }
  if (!file.path.endsWith('.md')) {
    state.index.updateText(file.path, text);
    return null;
  }
  const packed = reusable?.packed ?? parsed ?? parseNote(text);
  const known =
    reusable !== null && linksUnaffected(reusable, text, renamed) ? reusable.links : undefined;
  state.index.setNote(file.path, text, packed, known);
  return { size: file.stat.size, mtime: file.stat.mtime, hash, packed };
}

/** Whether none of the note's links names a file added or removed since its counts were made. */
function linksUnaffected(
  cached: CacheRecord,
  text: string,
  renamed: ReadonlySet<string> | null,
): boolean {
  if (renamed === null || cached.links === undefined) return false;
  if (renamed.size === 0) return true;
  return noteLinkTexts(text, cached.packed).every(
    (link) => !renamed.has(nameKey(getLinkpath(link))),
  );
}
