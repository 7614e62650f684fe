/**
 * A note read for the index build where no cached record speaks for it: its text, the hash the
 * metadata cache keys it by and its packed metadata. A parse thread does this for a cold build's
 * notes (parse-pool.ts), so the main thread neither reads them nor copies their texts out to be
 * parsed; the main thread does the same where no thread runs.
 */
import { parseNote, type PackedMetadata } from '@mcp-connector/markdown/vault';
import { textHash } from './metadata-cache-key.ts';
import { readNoteTextSync } from './read-text.ts';

export interface ReadNote<P = PackedMetadata> {
  text: string;
  hash: string;
  packed: P;
}

/**
 * The note at this path (absolute), or null when it is gone or unreadable since the scan; the
 * time its read took (not its parse) is added to `reads`.
 */
export function readNote<P = PackedMetadata>(
  file: string,
  reads: { ms: number },
  parse: (text: string) => P = parseNote as (text: string) => P,
): ReadNote<P> | null {
  const from = performance.now();
  const text = readNoteTextSync(file);
  reads.ms += performance.now() - from;
  return text === null ? null : { text, hash: textHash(text), packed: parse(text) };
}
