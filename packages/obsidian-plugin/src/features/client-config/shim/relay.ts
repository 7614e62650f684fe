/**
 * The stdio side: newline-delimited JSON-RPC in on stdin, every message the upstream produces
 * out on stdout, one line each. Requests run concurrently; `notifications/cancelled` aborts the
 * request it names; a failed request gets a JSON-RPC error with a local code, and one line on
 * stderr (the client's log) says why, without the payload. When stdin ends, requests in flight
 * finish (each within its deadline), open listen streams are closed, and the relay resolves.
 */
import type { Readable, Writable } from 'node:stream';
import { LOCAL_FAILURES, failureResponse, type LocalFailure } from './local-errors.ts';
import { idOf, isUnbounded, type Upstream } from './upstream.ts';

export interface RelayIo {
  input: Readable;
  output: Writable;
  log: (line: string) => void;
}

export async function runRelay(upstream: Upstream | LocalFailure, io: RelayIo): Promise<void> {
  const inFlight = new Map<string | number, AbortController>();
  const streams = new Set<AbortController>();
  const running = new Set<Promise<void>>();
  const write = (message: unknown) => io.output.write(`${JSON.stringify(message)}\n`);
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
    void task.finally(() => running.delete(task));
  }
  for (const controller of streams) controller.abort();
  await Promise.all(running);
}

async function* lines(input: Readable): AsyncGenerator<string> {
  input.setEncoding('utf8');
  let buffer = '';
  for await (const chunk of input) {
    buffer += chunk as string;
    let newline = buffer.indexOf('\n');
    while (newline !== -1) {
      const line = buffer.slice(0, newline).replace(/\r$/, '');
      buffer = buffer.slice(newline + 1);
      if (line.trim() !== '') yield line;
      newline = buffer.indexOf('\n');
    }
  }
  if (buffer.trim() !== '') yield buffer;
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
