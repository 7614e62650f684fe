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

export function readBodyWithin(
  request: IncomingMessage,
  limit: number,
  timeoutMs: number = BODY_TIMEOUT_MS,
): Promise<Buffer | 'too_large' | 'timeout'> {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) return Promise.resolve(drain(request));
  // Listeners rather than an async iterator: a body that has arrived with its headers (every
  // client's small JSON-RPC message) is read in the same turn, not one promise per chunk.
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const settle = (outcome: () => void) => {
      clearTimeout(timer);
      request.off('data', onData).off('end', onEnd).off('error', onError);
      outcome();
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) settle(() => resolve(drain(request)));
      else chunks.push(chunk);
    };
    const onEnd = () => settle(() => resolve(Buffer.concat(chunks)));
    const onError = (error: Error) => settle(() => reject(error));
    const timer = setTimeout(() => settle(() => resolve('timeout')), timeoutMs);
    request.on('data', onData).on('end', onEnd).on('error', onError);
  });
}

function drain(request: IncomingMessage): 'too_large' {
  request.resume();
  return 'too_large';
}
