/**
 * The text store's file (ADR-0028): "MCPTEXT5\n", every note's text as UTF-8 one after another,
 * then the index (JSON) and the index's byte length as a little-endian u32. Format 3 also kept
 * each text's case-folded copy (ADR-0031); ADR-0038 took them out, and the magic changed so a
 * store of format 3 is rebuilt, not read as texts followed by garbage. Format 5 added each text's
 * CRC-32, checked as it is read: a damaged text is read from the note instead, and the store is
 * written again.
 */
export const MAGIC = 'MCPTEXT5\n';
export const TRAILER_BYTES = 4;
/** Bytes read from the store at once, and handed to the writer at once. */
export const CHUNK_BYTES = 1 << 20;

/**
 * Per text, in the file's order: its path, its UTF-8 byte length, what it hashes to
 * (metadata-cache-key.ts `textHash`, the hash its cache record holds), 1 when it is ASCII, and
 * the CRC-32 of its UTF-8 bytes.
 */
export interface StoreIndex {
  paths: string[];
  bytes: number[];
  hashes: string[];
  ascii: (0 | 1)[];
  crcs: number[];
}

/** Whether UTF-8 carries the text as it is: no lone surrogate (ES2024, in Node 20 and Bun). */
export function isWellFormed(text: string): boolean {
  return (text as unknown as { isWellFormed(): boolean }).isWellFormed();
}

/** The index when its lists agree and the byte lengths add up to the bytes before it. */
export function validIndex(value: unknown, storedBytes: number): StoreIndex | null {
  const { paths, bytes, hashes, ascii, crcs } = (value ?? {}) as Partial<StoreIndex>;
  const lists = [paths, bytes, hashes, ascii, crcs];
  const count = paths?.length;
  if (!lists.every((list) => Array.isArray(list) && list.length === count)) return null;
  let total = 0;
  for (let i = 0; i < (count as number); i++) {
    if (typeof (paths as unknown[])[i] !== 'string' || typeof (hashes as unknown[])[i] !== 'string')
      return null;
    if ((ascii as unknown[])[i] !== 0 && (ascii as unknown[])[i] !== 1) return null;
    if (!Number.isInteger((crcs as unknown[])[i])) return null;
    const length = (bytes as unknown[])[i];
    if (!Number.isInteger(length) || (length as number) < 0) return null;
    total += length as number;
  }
  return total === storedBytes ? (value as StoreIndex) : null;
}

/** Where each of `lengths` starts when they follow one another from `at`, and where the last ends. */
export function startsOf(lengths: readonly number[], at: number): Float64Array {
  const starts = new Float64Array(lengths.length + 1);
  for (let i = 0; i < lengths.length; i++) {
    starts[i] = at;
    at += lengths[i] as number;
  }
  starts[lengths.length] = at;
  return starts;
}
