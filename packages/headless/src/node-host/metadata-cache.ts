/**
 * The on-disk metadata cache that makes a restart warm: every note's packed metadata
 * (packages/markdown/src/packed-metadata.ts) with the path, size, mtime and a hash of the text it
 * was computed from, and its link counts with the list of every file path they were resolved
 * against; and the tag counts of the build's notes together. A note is taken from the cache only
 * when all four still match what is on disk now, and the whole file only when its key matches
 * this server's (the file format, the app's version and a fingerprint of the parser's and the
 * link resolver's output): any doubt, a corrupt or truncated file included, re-parses.
 * Frontmatter that JSON cannot carry exactly (NaN, Infinity, -0) is never cached.
 *
 * Layout: "MCPMETA\n", the Int16 part, zero bytes up to a multiple of 4, the Int32 part (the
 * notes' ints, every note's resolved counts, then the notes' table: NOTE_INTS ints a note), zero
 * bytes up to a multiple of 8, the Float64 part (each note's size and mtime), the header, then a
 * trailer of four little-endian u32 lengths (the three parts, the header).
 * The header is lines of JSON: the key and the paths, then the notes' strings a thousand notes a
 * line (HEADER_VALUES values a note, one flat array a line), then the tag counts. The numbers
 * are in the table, not the JSON: an array per note and its numbers took a third of the
 * header's parse. The header comes last so it can be written a line at a time as it is made,
 * never held whole, and it is read a line per turn of the event loop, so a big vault's cache
 * does not hold up the calls that arrive meanwhile.
 */
import { writeFileAtomic } from '@mcp-connector/shared';
import * as crypto from 'node:crypto';
import { mkdir, open, type FileHandle } from 'node:fs/promises';
import { dirname } from 'node:path';
import { LinkResolver, asDictionary } from '@mcp-connector/markdown/links';
import { CachedPacked } from './cached-packed.ts';
import { carriesExactly } from './exact-values.ts';
import { collectSoon } from './garbage.ts';
import { nextTurn } from './next-turn.ts';
import { readRange } from './read-range.ts';
import {
  packedFits,
  parseNote,
  type KnownLinkCounts,
  type PackedMetadata,
  type TagCount,
} from '@mcp-connector/markdown/vault';

const MAGIC = 'MCPMETA\n';
const FORMAT = 5;
const TRAILER_BYTES = 16;

export interface CacheRecord {
  size: number;
  mtime: number;
  hash: string;
  packed: PackedMetadata;
  /** The note's link counts, resolved against the cache's `paths`. */
  links?: KnownLinkCounts;
}

export interface MetadataCacheContent {
  /** Every file of the vault when the cache was written (what the link counts resolved against). */
  paths: string[];
  records: Map<string, CacheRecord>;
  /**
   * The tag counts of the notes of the build that wrote the cache (VaultIndex.restoreTagCounts):
   * these records, and any note whose frontmatter could not be written, which the next start
   * parses and so never answers them.
   */
  tagCounts?: TagCount[];
}

/**
 * A note's row of the table in the Int32 part: the index of its path in `paths`, the width of its
 * ints (16 or 32), where they are in their part and how many, where its resolved counts are in
 * the Int32 part (-1: none) and how many ints they take (pairs of an index into `paths` and a
 * count).
 */
const NOTE_INTS = 6;

/**
 * A note's values in the header: its hash, strings, the frontmatter's JSON (parsed when first
 * read: CachedPacked), frontmatter links and unresolved counts (NO_UNRESOLVED: none; 0: no
 * counts were kept).
 */
type HeaderValues = [
  string,
  string[] | 0,
  string | 0,
  PackedMetadata['frontmatterLinks'] | 0,
  Record<string, number> | 0 | typeof NO_UNRESOLVED,
];
const HEADER_VALUES = 5;
/** The unresolved counts of a note whose links all resolve (most): no object in the JSON. */
const NO_UNRESOLVED = 1;
const EMPTY_COUNTS = Object.freeze(Object.create(null) as Record<string, number>);

/** The header's first line. */
interface HeaderHead {
  key: string;
  paths: string[];
}

/** The header's last line: each tag with its count (a pair), when the counts were written. */
interface HeaderTail {
  tags?: unknown;
}

const bunHash = (globalThis as { Bun?: { hash: (text: string) => number | bigint } }).Bun?.hash;
/** Which hash `textHash` uses here (part of the cache key: another runtime's cache is not read). */
const HASH_NAME = bunHash === undefined ? 'sha1' : 'wyhash';

/**
 * SHA-1 in one call where Node has it (20.12 on; a namespace import, so an older Node still
 * loads), a third quicker than a Hash object.
 */
const sha1: (text: string) => string =
  typeof (crypto as Partial<typeof crypto>).hash === 'function'
    ? (text) => crypto.hash('sha1', text, 'base64')
    : (text) => crypto.createHash('sha1').update(text).digest('base64');

/** What a note's text hashes to, for telling an edit that kept size and mtime. */
export function textHash(text: string): string {
  return bunHash === undefined ? sha1(text) : bunHash(text).toString(36);
}

/** Whether a cached note's metadata holds for this text: the text it was computed from. */
export function holdsFor(
  text: string,
  { hash, packed }: Pick<CacheRecord, 'hash' | 'packed'>,
): boolean {
  return textHash(text) === hash && packedFits(packed, text);
}

/** The cache key: the format, the app's version, and what parser and resolver make of probes. */
export function cacheKey(appVersion: string): string {
  const parsed = PROBES.map((text) => {
    const packed = parseNote(text);
    return [
      Array.from(packed.ints),
      packed.strings,
      packed.frontmatter ?? 0,
      packed.frontmatterLinks ?? 0,
    ];
  });
  const resolver = new LinkResolver(PROBE_FILES);
  const resolved = PROBE_LINKS.map(([link, from]) => resolver.getFirstLinkpathDest(link, from));
  return `${FORMAT}/${appVersion}/${HASH_NAME}/${textHash(JSON.stringify([parsed, resolved]))}`;
}

const PROBE_FILES = ['A/x.md', 'B/x.md', 'x.png', 'A/B/y.md', 'y.MD.md', 'Z.md'];
const PROBE_LINKS: [string, string][] = [
  ['x', 'A/n.md'],
  ['x', 'n.md'],
  ['B/x', 'A/n.md'],
  ['y', 'A/B/n.md'],
  ['y.md', 'n.md'],
  ['./x', 'A/n.md'],
  ['../z', 'A/n.md'],
  ['/x.png', 'A/n.md'],
  ['X.PNG', 'n.md'],
];

const PROBES = [
  '---\ntags: [a, b/c]\ndate: 2026-01-05\nlink: "[[Target#Part|Alias]]"\n---\n# Title\n\nText [[Note]] #tag ^block\n',
  'Setext\n===\n\n- [ ] task [[a|b]]\n  - [x] done ^li\n1. one\n\n> [!note] Callout\n> ![[embed.png]]\n',
  '```js\ncode #no\n```\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n%% c %%\n$$\nm\n$$\n\n[md](Other%20Note.md) x[^1]\n\n[^1]: f\n',
];

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

/** Where the parts after the Int16 part start, from the parts' lengths. */
function partsAt(shortBytes: number, longBytes: number, floatBytes: number) {
  const longAt = align(MAGIC.length + shortBytes, 4);
  const floatAt = align(longAt + longBytes, 8);
  return { longAt, floatAt, headerAt: floatAt + floatBytes };
}

/** The notes of the header's lines, a line per turn; any doubt (a line that is not JSON) throws. */
async function decode(parts: CacheParts, key: string): Promise<MetadataCacheContent> {
  const lines = parts.header.split('\n');
  const head = JSON.parse(lines[0] as string) as HeaderHead;
  if (head.key !== key || !Array.isArray(head.paths) || lines.length < 2) return EMPTY;
  const { paths } = head;
  const noteCount = parts.floats.length / 2;
  const table = { parts, paths, at: parts.longs.length - noteCount * NOTE_INTS };
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
  const tagCounts = tagCountsOf((JSON.parse(lines.at(-1) as string) as HeaderTail).tags);
  return { paths, records, ...(tagCounts !== null && { tagCounts }) };
}

interface NoteTable {
  parts: CacheParts;
  paths: readonly string[];
  /** Where the table starts in the Int32 part. */
  at: number;
}

/** What a note's row of the table says, its size and mtime with it. */
interface NoteRow {
  path: string;
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
  const path = paths[longs[row] as number];
  const [width, offset, length] = [longs[row + 1], longs[row + 2], longs[row + 3]] as [
    number,
    number,
    number,
  ];
  const pool = width === 16 ? parts.shorts : width === 32 ? longs : null;
  if (path === undefined || pool === null || !holds(pool, offset, length)) return null;
  return {
    path,
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
  { parts: { longs }, paths }: NoteTable,
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
    record.links = new CachedLinkCounts(longs, pairsAt, end, paths, counts);
  }
  return record;
}

/**
 * A note's link counts as the cache holds them: the resolved ones made from their pairs (checked
 * by `pairsHold`) when first asked for, one object whoever asks. A class, not an object with a
 * closure: two objects fewer a note at a warm start.
 */
class CachedLinkCounts implements KnownLinkCounts {
  private made: Record<string, number> | undefined;

  constructor(
    private readonly pairs: Int32Array,
    private readonly start: number,
    private readonly end: number,
    private readonly paths: readonly string[],
    readonly unresolved: Record<string, number>,
  ) {}

  resolved(): Record<string, number> {
    this.made ??= countsFrom(this.pairs, this.start, this.end, this.paths);
    return this.made;
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

function pairsOf(counts: Record<string, number>, indexOf: Map<string, number>): number[] | 0 {
  const pairs: number[] = [];
  for (const path in counts) {
    const index = indexOf.get(path);
    if (index === undefined) return 0; // resolved to a file the list does not hold: keep nothing
    pairs.push(index, counts[path] as number);
  }
  return pairs;
}

/** Writes the content atomically (a temp file and a rename), creating the folder. */
export async function writeMetadataCache(
  file: string,
  key: string,
  content: {
    paths: string[];
    records: Iterable<[string, CacheRecord]>;
    /** Made when the file is written; undefined when the notes are no longer those of `records`. */
    tagCounts?: () => TagCount[] | undefined;
  },
): Promise<void> {
  const notes: Laid[] = [];
  const parts = { shorts: [] as Int16Array[], longs: [] as Int32Array[], short: 0, long: 0 };
  const indexOf = new Map(content.paths.map((path, index) => [path, index]));
  const pairs = new IntList(); // every note's resolved counts, after the notes' Int32 ints
  for (const [path, record] of content.records) {
    const { packed } = record;
    const pathIndex = indexOf.get(path);
    if (pathIndex === undefined) continue; // gone before the list was taken: parsed next time
    if (!frontmatterCarried(packed) || !carriesExactly(packed.frontmatterLinks)) continue;
    const resolved = record.links === undefined ? 0 : pairsOf(record.links.resolved(), indexOf);
    const wide = packed.ints instanceof Int32Array;
    notes.push({
      pathIndex,
      record,
      width: wide ? 32 : 16,
      offset: wide ? parts.long : parts.short,
      // Where in `pairs` for now: moved past the notes' Int32 ints once their length is known.
      pairsAt: resolved === 0 ? -1 : pairs.length,
      pairsLength: resolved === 0 ? 0 : resolved.length,
    });
    if (resolved !== 0) pairs.push(resolved);
    if (packed.ints instanceof Int32Array) {
      parts.longs.push(packed.ints);
      parts.long += packed.ints.length;
    } else {
      parts.shorts.push(packed.ints);
      parts.short += packed.ints.length;
    }
  }
  for (const note of notes) if (note.pairsAt !== -1) note.pairsAt += parts.long;
  parts.longs.push(pairs.ints(), tableOf(notes));
  await mkdir(dirname(file), { recursive: true });
  await writeFileAtomic(file, chunksOf(key, content, notes, { ...parts, floats: floatsOf(notes) }));
}

/** The notes' table for the end of the Int32 part: a row of NOTE_INTS ints a note. */
function tableOf(notes: readonly Laid[]): Int32Array {
  const table = new Int32Array(notes.length * NOTE_INTS);
  notes.forEach((note, i) => {
    const row = i * NOTE_INTS;
    table[row] = note.pathIndex;
    table[row + 1] = note.width;
    table[row + 2] = note.offset;
    table[row + 3] = note.record.packed.ints.length;
    table[row + 4] = note.pairsAt;
    table[row + 5] = note.pairsLength;
  });
  return table;
}

/** The Float64 part: each note's size and mtime. */
function floatsOf(notes: readonly Laid[]): Float64Array {
  const floats = new Float64Array(notes.length * 2);
  notes.forEach(({ record }, i) => {
    floats[i * 2] = record.size;
    floats[i * 2 + 1] = record.mtime;
  });
  return floats;
}

/** The frontmatter's JSON as the cache held it, while it has not been read since. */
function keptFrontmatter(packed: PackedMetadata): string | null {
  return packed instanceof CachedPacked ? packed.frontmatterJson : null;
}

/** Whether the header can carry the note's frontmatter exactly (a kept JSON text can). */
function frontmatterCarried(packed: PackedMetadata): boolean {
  return keptFrontmatter(packed) !== null || carriesExactly(packed.frontmatter);
}

/** The frontmatter as the header holds it: its JSON, or 0 when there is none. */
function frontmatterJsonOf(packed: PackedMetadata): string | 0 {
  const kept = keptFrontmatter(packed);
  if (kept !== null) return kept;
  return packed.frontmatter === undefined ? 0 : JSON.stringify(packed.frontmatter);
}

/** Ints appended in runs into one buffer that doubles as it fills: no array of boxed numbers. */
class IntList {
  private buffer = new Int32Array(1 << 16);
  private used = 0;

  get length(): number {
    return this.used;
  }

  push(values: readonly number[]): void {
    if (this.used + values.length > this.buffer.length) {
      const grown = new Int32Array(Math.max(this.buffer.length * 2, this.used + values.length));
      grown.set(this.buffer.subarray(0, this.used));
      this.buffer = grown;
    }
    this.buffer.set(values, this.used);
    this.used += values.length;
  }

  ints(): Int32Array {
    return this.buffer.subarray(0, this.used);
  }
}

/** A note with where its path is in `paths` and its ints and resolved counts in their parts. */
interface Laid {
  pathIndex: number;
  record: CacheRecord;
  width: 16 | 32;
  offset: number;
  pairsAt: number;
  pairsLength: number;
}

function headerValues({ record: { hash, packed, links } }: Laid): HeaderValues {
  return [
    hash,
    packed.strings.length === 0 ? 0 : packed.strings,
    frontmatterJsonOf(packed),
    packed.frontmatterLinks ?? 0,
    links === undefined ? 0 : unresolvedValue(links.unresolved),
  ];
}

function unresolvedValue(counts: Record<string, number>): HeaderValues[4] {
  for (const _ in counts) return counts;
  return NO_UNRESOLVED;
}

/** Bytes handed to the writer at once: the integer parts are copied through a buffer this big. */
const CHUNK_BYTES = 1 << 20;
/** Notes whose header values make one chunk, a line of the header. */
const ENTRIES_PER_CHUNK = 1000;
/**
 * Header chunks between two collections Bun is asked for: each chunk's JSON is garbage once
 * written, and Bun let 100 of them pile up (ADR-0025).
 */
const CHUNKS_PER_COLLECTION = 20;

/**
 * The file as chunks, each made when the writer asks for it (after the last was written), so
 * neither the header nor a copy of the integer parts is ever held whole.
 */
function* chunksOf(
  key: string,
  { paths, tagCounts }: { paths: string[]; tagCounts?: () => TagCount[] | undefined },
  notes: Laid[],
  parts: { shorts: Int16Array[]; longs: Int32Array[]; floats: Float64Array },
): Generator<Uint8Array> {
  yield Buffer.from(MAGIC, 'latin1');
  const shortBytes = sumBytes(parts.shorts);
  const longBytes = sumBytes(parts.longs);
  const { longAt, floatAt } = partsAt(shortBytes, longBytes, parts.floats.byteLength);
  yield* copiedThrough([
    ...parts.shorts,
    new Uint8Array(longAt - MAGIC.length - shortBytes),
    ...parts.longs,
    new Uint8Array(floatAt - longAt - longBytes),
    parts.floats,
  ]);
  let headerBytes = 0;
  const piece = (text: string): Buffer => {
    const bytes = Buffer.from(text, 'utf8');
    headerBytes += bytes.length;
    return bytes;
  };
  yield piece(`${JSON.stringify({ key, paths } satisfies HeaderHead)}\n`);
  for (let start = 0; start < notes.length; start += ENTRIES_PER_CHUNK) {
    if (start > 0 && (start / ENTRIES_PER_CHUNK) % CHUNKS_PER_COLLECTION === 0) collectSoon();
    const values = notes.slice(start, start + ENTRIES_PER_CHUNK).flatMap(headerValues);
    yield piece(`${JSON.stringify(values)}\n`);
  }
  const tags = tagCounts?.();
  const tail: HeaderTail = tags === undefined ? {} : { tags: tags.map((t) => [t.tag, t.count]) };
  yield piece(JSON.stringify(tail));
  const trailer = Buffer.alloc(TRAILER_BYTES);
  trailer.writeUInt32LE(shortBytes, 0);
  trailer.writeUInt32LE(longBytes, 4);
  trailer.writeUInt32LE(parts.floats.byteLength, 8);
  trailer.writeUInt32LE(headerBytes, 12);
  yield trailer;
}

/** The parts' bytes, copied through one reused buffer of CHUNK_BYTES. */
function* copiedThrough(parts: readonly ArrayBufferView[]): Generator<Uint8Array> {
  const chunk = new Uint8Array(CHUNK_BYTES);
  let used = 0;
  for (const part of parts) {
    const bytes = new Uint8Array(part.buffer, part.byteOffset, part.byteLength);
    for (let from = 0; from < bytes.length;) {
      const taken = Math.min(bytes.length - from, CHUNK_BYTES - used);
      chunk.set(bytes.subarray(from, from + taken), used);
      used += taken;
      from += taken;
      if (used === CHUNK_BYTES) {
        yield chunk; // written before the generator goes on, so the buffer can be refilled
        used = 0;
      }
    }
  }
  if (used > 0) yield chunk.subarray(0, used);
}

function sumBytes(parts: readonly ArrayBufferView[]): number {
  return parts.reduce((total, part) => total + part.byteLength, 0);
}

/** `offset` rounded up to a multiple of `unit` (a power of two). */
function align(offset: number, unit: 4 | 8): number {
  return (offset + unit - 1) & ~(unit - 1);
}
