/**
 * The on-disk metadata cache that makes a restart warm: every note's packed metadata
 * (packages/markdown/src/packed-metadata.ts) with the path, size, mtime and a hash of the text it
 * was computed from, and its link counts with the list of every file path they were resolved
 * against; and the tag counts of the build's notes together. A note is taken from the cache only
 * when all four still match what is on disk now, and the whole file only when its key matches
 * this server's (metadata-cache-key.ts): any doubt, a corrupt or truncated file included,
 * re-parses. Frontmatter that JSON cannot carry exactly (NaN, Infinity, -0) is never cached.
 *
 * This file reads the cache (metadata-cache-layout.ts has the layout, metadata-cache-write.ts
 * writes it): the parts into memory of their own, then the header a line per turn of the event
 * loop, each note's record viewing the ints it was written with.
 */
import { isAtomicTempName } from '@mcp-connector/shared';
import { open, readdir, rm, stat, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { asDictionary } from '@mcp-connector/markdown/links';
import type { KnownLinkCounts, PackedMetadata, TagCount } from '@mcp-connector/markdown/vault';
import { CachedBacklinks } from './cached-backlinks.ts';
import { CachedPacked } from './cached-packed.ts';
import {
  HEADER_VALUES,
  MAGIC,
  NOTE_INTS,
  NO_UNRESOLVED,
  TRAILER_BYTES,
  partsAt,
  type CacheRecord,
  type HeaderHead,
  type HeaderTail,
  type HeaderValues,
  type MetadataCacheContent,
} from './metadata-cache-layout.ts';
import { nextTurn } from './next-turn.ts';
import { readRange } from './read-range.ts';

const EMPTY_COUNTS = Object.freeze(Object.create(null) as Record<string, number>);

const EMPTY: MetadataCacheContent = { paths: [], records: new Map() };

/** What a cache file written under `key` holds; nothing when there is none or any doubt. */
export async function readMetadataCache(file: string, key: string): Promise<MetadataCacheContent> {
  try {
    const handle = await open(file, 'r');
    try {
      const parts = await readParts(handle, (await handle.stat()).size);
      return parts === null ? EMPTY : await decode(parts, key);
    } finally {
      await handle.close();
    }
  } catch {
    return EMPTY;
  }
}

interface CacheParts {
  shorts: Int16Array;
  longs: Int32Array;
  floats: Float64Array;
  header: string;
}

/**
 * The file's parts, each read into memory of its own: the ints into the arrays notes' metadata
 * will view, the header into a string. Reading the whole file first held it beside the copies:
 * 90 MB more at 100,000 notes, until a collection (ADR-0025).
 */
async function readParts(handle: FileHandle, fileBytes: number): Promise<CacheParts | null> {
  if (fileBytes < MAGIC.length + TRAILER_BYTES) return null;
  const trailer = await readRange(handle, new Uint8Array(TRAILER_BYTES), fileBytes - TRAILER_BYTES);
  const lengths = new DataView(trailer.buffer);
  const [shortBytes, longBytes, floatBytes, headerBytes] = [0, 4, 8, 12].map((at) =>
    lengths.getUint32(at, true),
  ) as [number, number, number, number];
  const { longAt, floatAt, headerAt } = partsAt(shortBytes, longBytes, floatBytes);
  if (headerAt + headerBytes !== fileBytes - TRAILER_BYTES) return null;
  if (shortBytes % 2 !== 0 || longBytes % 4 !== 0 || floatBytes % 16 !== 0) return null; // 2 a note
  const magic = await readRange(handle, Buffer.alloc(MAGIC.length), 0);
  if (magic.toString('latin1') !== MAGIC) return null;
  const shorts = new Int16Array(shortBytes / 2);
  const longs = new Int32Array(longBytes / 4);
  const floats = new Float64Array(floatBytes / 8);
  await readRange(handle, new Uint8Array(shorts.buffer), MAGIC.length);
  await readRange(handle, new Uint8Array(longs.buffer), longAt);
  await readRange(handle, new Uint8Array(floats.buffer), floatAt);
  const header = await readRange(handle, Buffer.allocUnsafe(headerBytes), headerAt);
  return { shorts, longs, floats, header: header.toString('utf8') };
}

/** The notes of the header's lines, a line per turn; any doubt (a line that is not JSON) throws. */
async function decode(parts: CacheParts, key: string): Promise<MetadataCacheContent> {
  const lines = parts.header.split('\n');
  const head = JSON.parse(lines[0] as string) as HeaderHead;
  if (head.key !== key || !Array.isArray(head.paths) || lines.length < 2) return EMPTY;
  const { paths } = head;
  const noteCount = parts.floats.length / 2;
  const backlinks = new CachedBacklinks(parts.longs, paths, noteCount);
  const table = { parts, paths, at: parts.longs.length - noteCount * NOTE_INTS, backlinks };
  if (table.at < 0) return EMPTY;
  const records = new Map<string, CacheRecord>();
  let note = 0;
  for (const line of lines.slice(1, -1)) {
    await nextTurn();
    const values = JSON.parse(line) as unknown;
    if (!Array.isArray(values) || values.length % HEADER_VALUES !== 0) return EMPTY;
    for (let at = 0; at < values.length; at += HEADER_VALUES, note++) {
      const row = note < noteCount ? rowOf(table, note) : null;
      const record = row === null ? null : recordOf(row, values, at, table);
      if (row === null || record === null) return EMPTY;
      records.set(row.path, record);
    }
  }
  if (note !== noteCount) return EMPTY;
  backlinks.make(); // before ready: the first get_backlinks at a warm ready costs its answer
  const tagCounts = tagCountsOf((JSON.parse(lines.at(-1) as string) as HeaderTail).tags);
  return { paths, records, ...(tagCounts !== null && { tagCounts }) };
}

interface NoteTable {
  parts: CacheParts;
  paths: readonly string[];
  /** Where the table starts in the Int32 part. */
  at: number;
  /** The reverse map of the notes' resolved counts, each note with counts added to it. */
  backlinks: CachedBacklinks;
}

/** What a note's row of the table says, its size and mtime with it. */
interface NoteRow {
  path: string;
  /** The index of the path in `paths`. */
  pathIndex: number;
  size: number;
  mtime: number;
  ints: PackedMetadata['ints'];
  pairsAt: number;
  pairsLength: number;
}

/** A note's row of the table; null when its path or its ints are not there. */
function rowOf({ parts, paths, at }: NoteTable, note: number): NoteRow | null {
  const row = at + note * NOTE_INTS;
  const { longs, floats } = parts;
  const pathIndex = longs[row] as number;
  const path = paths[pathIndex];
  const [width, offset, length] = [longs[row + 1], longs[row + 2], longs[row + 3]] as [
    number,
    number,
    number,
  ];
  const pool = width === 16 ? parts.shorts : width === 32 ? longs : null;
  if (path === undefined || pool === null || !holds(pool, offset, length)) return null;
  return {
    path,
    pathIndex,
    size: floats[note * 2] as number,
    mtime: floats[note * 2 + 1] as number,
    ints: pool.subarray(offset, offset + length),
    pairsAt: longs[row + 4] as number,
    pairsLength: longs[row + 5] as number,
  };
}

/**
 * A note's record from its row and its header values (from `at` in the line's `values`); null
 * when a value is not what it holds or its resolved counts are not in the Int32 part.
 */
function recordOf(
  row: NoteRow,
  values: unknown[],
  at: number,
  { parts: { longs }, paths, backlinks }: NoteTable,
): CacheRecord | null {
  const [hash, strings, frontmatter, links, unresolved] = [
    values[at],
    values[at + 1],
    values[at + 2],
    values[at + 3],
    values[at + 4],
  ] as HeaderValues;
  if (typeof hash !== 'string' || (frontmatter !== 0 && typeof frontmatter !== 'string'))
    return null;
  const packed = new CachedPacked(
    row.ints,
    strings === 0 ? [] : strings,
    frontmatter === 0 ? null : frontmatter,
    links === 0 ? undefined : links,
  );
  const record: CacheRecord = { size: row.size, mtime: row.mtime, hash, packed };
  const { pairsAt, pairsLength } = row;
  if (pairsAt === -1 || unresolved === 0) return record;
  if (!holds(longs, pairsAt, pairsLength)) return null;
  const end = pairsAt + pairsLength; // no view of them: an object per note costs at 100,000
  if (pairsHold(longs, pairsAt, end, paths.length)) {
    const counts = unresolved === NO_UNRESOLVED ? EMPTY_COUNTS : unresolved;
    record.links = new CachedLinkCounts(longs, pairsAt, end, paths, counts, backlinks);
    backlinks.add(row.pathIndex, pairsAt, end);
  }
  return record;
}

/**
 * A note's link counts as the cache holds them: the resolved ones made from their pairs (checked
 * by `pairsHold`) each time they are asked for, and not kept: the link index keeps what it makes,
 * and the cache writer asks for every note's and drops them (kept here, they were 450 bytes a
 * note for the server's life, ADR-0058). A class, not an object with a closure: two objects
 * fewer a note at a warm start.
 */
class CachedLinkCounts implements KnownLinkCounts {
  constructor(
    private readonly pairs: Int32Array,
    private readonly start: number,
    private readonly end: number,
    private readonly paths: readonly string[],
    readonly unresolved: Record<string, number>,
    readonly backlinks: CachedBacklinks,
  ) {}

  resolved(): Record<string, number> {
    return countsFrom(this.pairs, this.start, this.end, this.paths);
  }

  /** The targets from their pairs, no object made: the reverse map of a warm start (ADR-0055). */
  eachResolvedTarget(visit: (target: string) => void): void {
    for (let i = this.start; i < this.end; i += 2)
      visit(this.paths[this.pairs[i] as number] as string);
  }
}

/** Whether `length` ints from `offset` are inside `pool`. */
function holds(pool: ArrayLike<number>, offset: number, length: number): boolean {
  return (
    Number.isInteger(offset) &&
    Number.isInteger(length) &&
    offset >= 0 &&
    length >= 0 &&
    offset + length <= pool.length
  );
}

/** Tag counts from their pairs; null when there are none, or any pair is not a tag and a count. */
function tagCountsOf(pairs: unknown): TagCount[] | null {
  if (!Array.isArray(pairs)) return null;
  const counts: TagCount[] = [];
  for (const pair of pairs as unknown[]) {
    if (!Array.isArray(pair) || pair.length !== 2) return null;
    const [tag, count] = pair as unknown[];
    if (typeof tag !== 'string' || !Number.isInteger(count) || (count as number) < 1) return null;
    counts.push({ tag, count: count as number });
  }
  return counts;
}

/**
 * Whether a note's resolved counts (`pairs` from `start` to `end`) are pairs of a path index
 * and a count of at least one.
 */
function pairsHold(pairs: Int32Array, start: number, end: number, pathCount: number): boolean {
  if ((end - start) % 2 !== 0) return false;
  for (let i = start; i < end; i += 2) {
    const [index, count] = [pairs[i] as number, pairs[i + 1] as number];
    if (index < 0 || index >= pathCount || count < 1) return false;
  }
  return true;
}

/** A note's resolved counts from its pairs of path index and count (checked by `pairsHold`). */
function countsFrom(
  pairs: Int32Array,
  start: number,
  end: number,
  paths: readonly string[],
): Record<string, number> {
  const counts = Object.create(null) as Record<string, number>;
  for (let i = start; i < end; i += 2)
    counts[paths[pairs[i] as number] as string] = pairs[i + 1] as number;
  return asDictionary(counts);
}

/** A temp file untouched this long is a killed write's, not one in progress (writes touch it). */
const LEFTOVER_AFTER_MS = 60_000;

/**
 * Removes what a killed write of the cache or the text store left in their folder (writeFileAtomic's
 * temp files). Another server of the vault may be writing one now, so only files untouched for a
 * minute go.
 */
export async function sweepCacheLeftovers(folder: string): Promise<void> {
  const names = await readdir(folder).catch(() => [] as string[]);
  const before = Date.now() - LEFTOVER_AFTER_MS;
  for (const name of names.filter(isAtomicTempName)) {
    const path = join(folder, name);
    const touched = await stat(path).then(
      (found) => found.mtimeMs,
      () => Infinity,
    );
    if (touched < before) await rm(path, { force: true });
  }
}
