/**
 * Reads a request body up to a byte limit and within a time limit. A body over the size limit is
 * never buffered whole: the read stops counting at the limit and the rest is drained and
 * discarded. A body that has not fully arrived in time is given up on (a client that sends half
 * a body and waits would otherwise hold its connection and memory for good).
 */
import type { IncomingMessage } from 'node:http';
import { clearTimeout, setTimeout } from 'node:timers';

export const MAX_BODY_BYTES = 1024 * 1024;
export const BODY_TIMEOUT_MS = 10_000;

export async function readBodyWithin(
  request: IncomingMessage,
  limit: number,
  timeoutMs: number = BODY_TIMEOUT_MS,
): Promise<Buffer | 'too_large' | 'timeout'> {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) return drain(request);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), timeoutMs);
  });
  try {
    return await Promise.race([collect(request, limit), late]);
  } finally {
    clearTimeout(timer);
  }
}

async function collect(request: IncomingMessage, limit: number): Promise<Buffer | 'too_large'> {
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
