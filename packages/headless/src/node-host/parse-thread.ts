/**
 * A worker thread that parses notes for the index build (parse-pool.ts): each message is a batch
 * of note texts, or of note files to read first (read-note.ts), each answer the batch's packed
 * metadata in the same order (with the texts and their hashes, for files), with null for a note
 * whose frontmatter a copy between threads might not carry exactly (the main thread parses that
 * one itself). The integer arrays are transferred, not copied.
 */
import { parentPort } from 'node:worker_threads';
import { parseNote, type PackedMetadata } from '@mcp-connector/markdown/vault';
import { carriesExactly } from './exact-values.ts';
import type { ParseRequest, ParseAnswer, ReadAnswer, ThreadNote } from './parse-pool.ts';
import { readNote } from './read-note.ts';

const port = parentPort;
if (port === null) throw new Error('parse-thread runs as a worker thread only.');

port.on('message', (request: ParseRequest) => {
  if (request.files !== undefined) return readFiles(request.id, request.files);
  const packed = request.texts.map(parseCopyable);
  port.postMessage({ id: request.id, packed } satisfies ParseAnswer, transfers(packed));
});

function readFiles(id: number, files: string[]): void {
  const reads = { ms: 0 };
  const notes: (ThreadNote | null)[] = files.map((file) => readNote(file, reads, parseCopyable));
  const answer = { id, notes, readMs: reads.ms } satisfies ReadAnswer;
  port?.postMessage(answer, transfers(notes.map((note) => note?.packed ?? null)));
}

function transfers(packed: readonly (PackedMetadata | null)[]): ArrayBuffer[] {
  return packed.flatMap((note) => (note === null ? [] : [note.ints.buffer])) as ArrayBuffer[];
}

function parseCopyable(text: string): PackedMetadata | null {
  const packed = parseNote(text);
  return carriesExactly(packed.frontmatter) && carriesExactly(packed.frontmatterLinks)
    ? packed
    : null;
}
