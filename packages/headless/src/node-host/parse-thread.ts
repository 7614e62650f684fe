/**
 * A worker thread that parses notes for the index build (parse-pool.ts): each message is a batch
 * of note texts, each answer the batch's packed metadata in the same order, with null for a note
 * whose frontmatter a copy between threads might not carry exactly (the main thread parses that
 * one itself). The integer arrays are transferred, not copied.
 */
import { parentPort } from 'node:worker_threads';
import { parseNote, type PackedMetadata } from '@mcp-connector/markdown/vault';
import { carriesExactly } from './exact-values.ts';
import type { ParseRequest, ParseAnswer } from './parse-pool.ts';

const port = parentPort;
if (port === null) throw new Error('parse-thread runs as a worker thread only.');

port.on('message', ({ id, texts }: ParseRequest) => {
  const packed = texts.map(parseCopyable);
  const transfer = packed.flatMap((note) => (note === null ? [] : [note.ints.buffer]));
  port.postMessage({ id, packed } satisfies ParseAnswer, transfer as ArrayBuffer[]);
});

function parseCopyable(text: string): PackedMetadata | null {
  const packed = parseNote(text);
  return carriesExactly(packed.frontmatter) && carriesExactly(packed.frontmatterLinks)
    ? packed
    : null;
}
