/**
 * Why an edit re-embeds only what changed: a re-chunked note takes the vector of every chunk
 * whose hash it already had, and a note whose chunks are all the same (hash, heading and
 * offsets) is not stored again, so its segment is not rewritten.
 */
import type { NoteChunk } from './chunker.ts';
import type { NoteVectors, StoredChunk } from './segment-file.ts';

/** For each chunk, the vector it already has (by hash) in the note's previous version. */
export function reusableVectors(
  previous: NoteVectors | undefined,
  chunks: readonly NoteChunk[],
  dimensions: number,
): (Float32Array | undefined)[] {
  const known = new Map<string, Float32Array>();
  previous?.chunks.forEach((chunk, index) =>
    known.set(chunk.hash, previous.vectors.subarray(index * dimensions, (index + 1) * dimensions)),
  );
  return chunks.map((chunk) => known.get(chunk.hash));
}

export function storedChunks(chunks: readonly NoteChunk[]): StoredChunk[] {
  return chunks.map(({ hash, heading, start, end }) => ({ hash, heading, start, end }));
}

export function sameChunks(a: readonly StoredChunk[], b: readonly StoredChunk[]): boolean {
  return (
    a.length === b.length &&
    a.every(
      (chunk, index) =>
        chunk.hash === b[index]?.hash &&
        chunk.heading === b[index].heading &&
        chunk.start === b[index].start &&
        chunk.end === b[index].end,
    )
  );
}
