/**
 * A segment's vectors packed for scanning: every chunk's vector quantized to int8 (scaled by
 * its largest component, the scale kept per row) in one Int8Block, with each note's row range.
 * Packing happens lazily when a segment changed since the last query; the float vectors stay
 * with the notes for exact re-scoring and for saving.
 */
import { createInt8Block, strideFor, type Int8Block } from './int8-kernel.ts';
import type { NoteVectors } from './segment-file.ts';
import type { Segment } from './segment-store.ts';

export interface PackedNote {
  path: string;
  note: NoteVectors;
  firstRow: number;
}

export interface PackedSegment {
  version: number;
  notes: PackedNote[];
  /** Per row: the factor turning its int8 values back into floats. */
  scales: Float32Array;
  block: Int8Block;
}

export function packSegment(segment: Segment, dimensions: number): PackedSegment {
  const notes: PackedNote[] = [];
  let rows = 0;
  for (const [path, note] of segment.notes) {
    notes.push({ path, note, firstRow: rows });
    rows += note.chunks.length;
  }
  const block = createInt8Block(rows, strideFor(dimensions));
  const scales = new Float32Array(rows);
  for (const { note, firstRow } of notes) {
    for (let chunk = 0; chunk < note.chunks.length; chunk++) {
      const vector = note.vectors.subarray(chunk * dimensions, (chunk + 1) * dimensions);
      const row = firstRow + chunk;
      scales[row] = quantize(vector, block.vectors, row * block.stride);
    }
  }
  return { version: segment.version, notes, scales, block };
}

/** Writes `vector` as int8 at `offset`; returns the scale that undoes it. */
function quantize(vector: Float32Array, out: Int8Array, offset: number): number {
  const scale = largestMagnitude(vector) / 127;
  if (scale === 0) return 0;
  for (let i = 0; i < vector.length; i++)
    out[offset + i] = Math.round((vector[i] as number) / scale);
  return scale;
}

/** The query as int16 values on the int8 grid (padded to the stride), and its scale. */
export function quantizeQuery(
  query: Float32Array,
  stride: number,
): { values: Int16Array; scale: number } {
  const values = new Int16Array(stride);
  const scale = largestMagnitude(query) / 127;
  if (scale > 0)
    for (let i = 0; i < query.length; i++) values[i] = Math.round((query[i] as number) / scale);
  return { values, scale };
}

function largestMagnitude(vector: Float32Array): number {
  let largest = 0;
  for (let i = 0; i < vector.length; i++)
    largest = Math.max(largest, Math.abs(vector[i] as number));
  return largest;
}
