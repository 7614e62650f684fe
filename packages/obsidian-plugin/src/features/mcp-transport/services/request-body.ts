/**
 * Reads a request body up to a byte limit. A body over the limit is never buffered whole: the
 * read stops counting at the limit and the rest is drained and discarded.
 */
import type { IncomingMessage } from 'node:http';

export const MAX_BODY_BYTES = 1024 * 1024;

export async function readBodyWithin(
  request: IncomingMessage,
  limit: number,
): Promise<Buffer | 'too_large'> {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) return drain(request);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > limit) return drain(request);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

function drain(request: IncomingMessage): 'too_large' {
  request.resume();
  return 'too_large';
}
