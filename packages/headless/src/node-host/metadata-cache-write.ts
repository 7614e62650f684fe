/**
 * Writes the metadata cache (metadata-cache-layout.ts has the layout): the notes' ints into the
 * Int16 and Int32 parts with every note's resolved counts as pairs of path index and count, the
 * notes' table, sizes and mtimes, then the header made a line at a time as the writer asks for
 * it, so neither the header nor a copy of the integer parts is ever held whole. Notes whose
 * frontmatter JSON cannot carry exactly are left out: the next start parses them.
 */
import { writeFileAtomic } from '@mcp-connector/shared';
import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { PackedMetadata, TagCount } from '@mcp-connector/markdown/vault';
import { CachedPacked } from './cached-packed.ts';
import { carriesExactly } from './exact-values.ts';
import { collectSoon } from './garbage.ts';
import {
  MAGIC,
  NOTE_INTS,
  NO_UNRESOLVED,
  TRAILER_BYTES,
  partsAt,
  type CacheRecord,
  type HeaderHead,
  type HeaderTail,
  type HeaderValues,
} from './metadata-cache-layout.ts';

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
