/**
 * The stdio side: newline-delimited JSON-RPC in on stdin, every message the upstream produces
 * out on stdout, one line each. Requests run concurrently; `notifications/cancelled` aborts the
 * request it names; a failed request gets a JSON-RPC error with a local code, and one line on
 * stderr (the client's log) says why, without the payload. When stdin ends, requests in flight
 * finish (each within its deadline), open listen streams are closed, and the relay resolves.
 *
 * Bounded as the in-process stdio server is (ADR-0041's class 9): a line over
 * MAX_LINE_BYTES is dropped as it comes and answered -32600 (naming its request when its edges
 * do), and stdin is not read while MAX_IN_FLIGHT requests run or stdout is backed up, so a
 * client that never reads its answers holds a bounded amount of memory.
 */
import { idOfOversizedMessage } from '@mcp-connector/shared/oversized-message';
import type { Readable, Writable } from 'node:stream';
import { LOCAL_FAILURES, failureResponse, type LocalFailure } from './local-errors.ts';
import { idOf, isUnbounded, type Upstream } from './upstream.ts';

export interface RelayIo {
  input: Readable;
  output: Writable;
  log: (line: string) => void;
}

/** As the in-process stdio server's limits (mcp-transport's stdio framing). */
export const MAX_LINE_BYTES = 10 * 1024 * 1024;
export const MAX_IN_FLIGHT = 64;
/** How much of an oversized line's start and end is kept to find its id. */
const KEPT_EDGE_CHARS = 4096;

type Line = string | { oversized: { head: string; tail: string } };

export async function runRelay(upstream: Upstream | LocalFailure, io: RelayIo): Promise<void> {
  const inFlight = new Map<string | number, AbortController>();
  const streams = new Set<AbortController>();
  const running = new Set<Promise<void>>();
  let outputFull = false;
  let roomMade: () => void = () => undefined;
  const makeRoom = () => roomMade();
  io.output.on('drain', () => {
    outputFull = false;
    makeRoom();
  });
  const write = (message: unknown) => {
    if (!io.output.write(`${JSON.stringify(message)}\n`)) outputFull = true;
  };
  let lastLogged = '';
  const report = (id: string | number | undefined, failed: LocalFailure) => {
    const line = `[local-mcp-server] ${failed.reason}: ${LOCAL_FAILURES[failed.reason].message}${failed.detail === undefined ? '' : ` (${failed.detail})`}`;
    if (line !== lastLogged) io.log(line);
    lastLogged = line;
    if (id !== undefined) write(failureResponse(id, failed));
  };
  const handle = async (message: unknown) => {
    const id = idOf(message);
    if (cancelledId(message) !== undefined) {
      inFlight.get(cancelledId(message) as string | number)?.abort();
      return;
    }
    if (!('send' in upstream)) return report(id, upstream);
    const controller = new AbortController();
    if (id !== undefined) inFlight.set(id, controller);
    if (isUnbounded(message)) streams.add(controller);
    try {
      const failed = await upstream.send(message, write, controller.signal);
      if (failed !== null && !controller.signal.aborted) report(id, failed);
      else if (failed === null) lastLogged = '';
    } finally {
      if (id !== undefined && inFlight.get(id) === controller) inFlight.delete(id);
      streams.delete(controller);
    }
  };
  for await (const line of lines(io.input)) {
    // Awaiting here leaves stdin unread: the pipe fills and the client waits.
    while (outputFull || running.size >= MAX_IN_FLIGHT)
      await new Promise<void>((resolve) => (roomMade = resolve));
    if (typeof line !== 'string') {
      write(oversizedAnswer(line.oversized));
      continue;
    }
    const message = parseLine(line);
    if (message === undefined) {
      write({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } });
      continue;
    }
    const task = handle(message).catch((error: unknown) => {
      io.log(
        `[local-mcp-server] internal error: ${error instanceof Error ? error.name : 'unknown'}`,
      );
    });
    running.add(task);
    void task.finally(() => {
      running.delete(task);
      makeRoom();
    });
  }
  for (const controller of streams) controller.abort();
  await Promise.all(running);
}

async function* lines(input: Readable): AsyncGenerator<Line> {
  input.setEncoding('utf8');
  let buffer = '';
  let oversized: { head: string; tail: string } | null = null;
  for await (const chunk of input) {
    buffer += chunk as string;
    let newline = buffer.indexOf('\n');
    while (newline !== -1) {
      const line = buffer.slice(0, newline).replace(/\r$/, '');
      buffer = buffer.slice(newline + 1);
      if (oversized !== null) {
        yield { oversized: { head: oversized.head, tail: keptTail(oversized.tail + line) } };
        oversized = null;
      } else if (line.length > MAX_LINE_BYTES)
        yield { oversized: { head: line.slice(0, KEPT_EDGE_CHARS), tail: keptTail(line) } };
      else if (line.trim() !== '') yield line;
      newline = buffer.indexOf('\n');
    }
    if (oversized !== null) {
      oversized.tail = keptTail(oversized.tail + buffer);
      buffer = '';
    } else if (buffer.length > MAX_LINE_BYTES) {
      oversized = { head: buffer.slice(0, KEPT_EDGE_CHARS), tail: keptTail(buffer) };
      buffer = '';
    }
  }
  if (oversized !== null) yield { oversized };
  else if (buffer.trim() !== '') yield buffer;
}

function keptTail(text: string): string {
  return text.slice(Math.max(0, text.length - KEPT_EDGE_CHARS));
}

function oversizedAnswer(edges: { head: string; tail: string }) {
  const limit = `${Math.round(MAX_LINE_BYTES / 1024 / 1024)} MiB`;
  return {
    jsonrpc: '2.0',
    id: idOfOversizedMessage(edges.head, edges.tail),
    error: {
      code: -32600,
      message: `Invalid request: a message over ${limit} is not accepted. Send less at once (write a large note in parts).`,
    },
  };
}

function parseLine(line: string): unknown {
  try {
    return JSON.parse(line) as unknown;
  } catch {
    return undefined;
  }
}

function cancelledId(message: unknown): string | number | undefined {
  const notification = message as { method?: unknown; params?: { requestId?: unknown } } | null;
  if (notification?.method !== 'notifications/cancelled') return undefined;
  const requestId = notification.params?.requestId;
  return typeof requestId === 'string' || typeof requestId === 'number' ? requestId : undefined;
}
