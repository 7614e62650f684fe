/**
 * The on-disk format of one index segment: `seg-NN.json` (format version, provider id, vector
 * dimension, dirty marker, row count, a hash of the vector file, and each note's chunks) and
 * `seg-NN.f32` (every chunk's vector, Float32 little-endian, rows in the JSON's order). The JSON
 * is written last and names the hash of the vectors it belongs with, so a crash between the two
 * writes, a truncated file or a stray edit is detected on load and only that segment is rebuilt.
 */
import { contentHash } from './hashing.ts';

export const FORMAT_VERSION = 1;

export interface StoredChunk {
  hash: string;
  heading: string | null;
  start: number;
  end: number;
}

/** A note's chunks and their vectors (chunks.length rows of `dimensions` floats). */
export interface NoteVectors {
  chunks: StoredChunk[];
  vectors: Float32Array;
}

export interface SegmentIdentity {
  providerId: string;
  dimensions: number;
}

export interface DecodedSegment {
  notes: Map<string, NoteVectors>;
  dirty: boolean;
}

type ChunkRow = [string, string | null, number, number];

interface SegmentJson {
  formatVersion: number;
  providerId: string;
  dimensions: number;
  dirty: boolean;
  rows: number;
  vectorsHash: string;
  notes: [string, ChunkRow[]][];
}

export class CorruptSegmentError extends Error {}

if (new Uint8Array(new Uint16Array([1]).buffer)[0] !== 1) {
  throw new Error('The semantic index format assumes a little-endian machine.');
}

export function encodeSegment(
  notes: ReadonlyMap<string, NoteVectors>,
  identity: SegmentIdentity,
  dirty: boolean,
): { json: string; vectors: Uint8Array } {
  const rows = [...notes.values()].reduce((sum, note) => sum + note.chunks.length, 0);
  const all = new Float32Array(rows * identity.dimensions);
  const entries: [string, ChunkRow[]][] = [];
  let offset = 0;
  for (const [path, note] of notes) {
    all.set(note.vectors, offset);
    offset += note.vectors.length;
    entries.push([path, note.chunks.map((c) => [c.hash, c.heading, c.start, c.end])]);
  }
  const vectors = new Uint8Array(all.buffer);
  const json: SegmentJson = {
    formatVersion: FORMAT_VERSION,
    ...identity,
    dirty,
    rows,
    vectorsHash: contentHash(vectors),
    notes: entries,
  };
  return { json: JSON.stringify(json), vectors };
}

export function decodeSegment(
  jsonText: string,
  vectorBytes: Uint8Array,
  identity: SegmentIdentity,
): DecodedSegment {
  const json = parseJson(jsonText);
  if (json.formatVersion !== FORMAT_VERSION) fail(`format version ${String(json.formatVersion)}`);
  if (json.providerId !== identity.providerId || json.dimensions !== identity.dimensions)
    fail(`built by ${String(json.providerId)}`);
  if (vectorBytes.length !== json.rows * identity.dimensions * 4)
    fail(`vector file holds ${vectorBytes.length} bytes for ${json.rows} rows`);
  if (contentHash(vectorBytes) !== json.vectorsHash) fail('vector file does not match its index');
  const all = new Float32Array(alignedCopy(vectorBytes));
  const notes = new Map<string, NoteVectors>();
  let row = 0;
  for (const [path, chunkRows] of json.notes) {
    const chunks = chunkRows.map(([hash, heading, start, end]) => ({ hash, heading, start, end }));
    const from = row * identity.dimensions;
    row += chunks.length;
    notes.set(path, { chunks, vectors: all.subarray(from, row * identity.dimensions) });
  }
  if (row !== json.rows) fail(`index lists ${row} chunks for ${json.rows} rows`);
  return { notes, dirty: json.dirty };
}

function parseJson(text: string): SegmentJson {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    fail('index is not valid JSON');
  }
  const candidate = json as Partial<SegmentJson> | null;
  if (
    typeof candidate?.rows !== 'number' ||
    typeof candidate.dirty !== 'boolean' ||
    typeof candidate.vectorsHash !== 'string' ||
    !Array.isArray(candidate.notes) ||
    !candidate.notes.every(isNoteEntry)
  )
    fail('index has the wrong shape');
  return candidate as SegmentJson;
}

function isNoteEntry(entry: unknown): boolean {
  if (!Array.isArray(entry) || typeof entry[0] !== 'string' || !Array.isArray(entry[1]))
    return false;
  return (entry[1] as unknown[]).every(
    (row) =>
      Array.isArray(row) &&
      typeof row[0] === 'string' &&
      (row[1] === null || typeof row[1] === 'string') &&
      Number.isInteger(row[2]) &&
      Number.isInteger(row[3]),
  );
}

/** Float32Array needs a 4-byte aligned offset; a pooled Buffer may not give one. */
function alignedCopy(bytes: Uint8Array): ArrayBuffer {
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}

function fail(reason: string): never {
  throw new CorruptSegmentError(reason);
}
