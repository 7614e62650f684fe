/**
 * MCP's stdio framing (one JSON-RPC message a line) with two limits the SDK's
 * StdioServerTransport lacks; every stdio path (serving a vault, relaying to a running server)
 * frames through this one piece.
 *
 * - A line over `maxMessageBytes` is never held whole: its bytes are dropped as they come, and
 *   once its end arrives it is answered with a JSON-RPC error (-32600; the request's id when its
 *   first or last bytes name it, else null). The session goes on. A line that is not a JSON-RPC
 *   message is answered -32700, as the spec says.
 * - Backpressure: lines are handed on only while stdout is not backed up and fewer than
 *   `maxUnanswered` requests wait for their answer; otherwise stdin is paused, so a client that
 *   never reads its answers holds a bounded amount of memory, not one answer per request sent.
 *   `subscriptions/listen` stays open for the connection and is not counted; a cancelled request
 *   may go unanswered and stops counting.
 */
import {
  deserializeMessage,
  type JSONRPCMessage,
  type Transport,
} from '@modelcontextprotocol/server';
import type { Readable, Writable } from 'node:stream';
import { idOfOversizedMessage } from '@mcp-connector/shared/oversized-message';

/** As the SDK's stdio limit was (docs/features/headless.md). */
export const MAX_STDIO_MESSAGE_BYTES = 10 * 1024 * 1024;
export const MAX_UNANSWERED_REQUESTS = 64;

export interface StdioFramingOptions {
  maxMessageBytes?: number;
  maxUnanswered?: number;
}

type RequestId = string | number;
type Inbound = { line: string } | { oversized: RequestId | null };

const NEWLINE = 0x0a;
/** How much of an oversized line's start and end is kept to find its id. */
const KEPT_EDGE_BYTES = 4096;

export class StdioFraming implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: <T extends JSONRPCMessage>(message: T) => void;
  private readonly maxMessageBytes: number;
  private readonly maxUnanswered: number;
  private partial: Buffer[] = [];
  private partialBytes = 0;
  /** While a line is over the limit: its first and (rolling) last bytes, nothing between. */
  private oversized: { head: Buffer; tail: Buffer } | null = null;
  private readonly waiting: Inbound[] = [];
  private readonly unanswered = new Set<RequestId>();
  /** A write was refused room (Bun reports it only so, not through writableNeedDrain). */
  private outputFull = false;
  private closed = false;

  constructor(
    private readonly input: Readable = process.stdin,
    private readonly output: Writable = process.stdout,
    options: StdioFramingOptions = {},
  ) {
    this.maxMessageBytes = options.maxMessageBytes ?? MAX_STDIO_MESSAGE_BYTES;
    this.maxUnanswered = options.maxUnanswered ?? MAX_UNANSWERED_REQUESTS;
  }

  start(): Promise<void> {
    this.input.on('data', this.onData);
    this.input.on('error', this.onInputError);
    this.input.on('end', this.onInputEnd);
    this.input.on('close', this.onInputEnd);
    this.output.on('error', this.onOutputError);
    this.output.on('drain', this.onDrain);
    if (this.input.readableEnded || this.input.destroyed) setImmediate(this.onInputEnd);
    return Promise.resolve();
  }

  send(message: JSONRPCMessage): Promise<void> {
    if (this.closed) return Promise.reject(new Error('The stdio connection is closed.'));
    if ('id' in message && !('method' in message) && message.id !== undefined) {
      if (this.unanswered.delete(message.id)) queueMicrotask(this.pump);
    }
    return new Promise((resolve, reject) => {
      const room = this.output.write(`${JSON.stringify(message)}\n`, (error) =>
        error ? reject(error) : resolve(),
      );
      if (!room) this.outputFull = true;
    });
  }

  close(): Promise<void> {
    if (this.closed) return Promise.resolve();
    this.closed = true;
    this.input.off('data', this.onData);
    this.input.off('error', this.onInputError);
    this.input.off('end', this.onInputEnd);
    this.input.off('close', this.onInputEnd);
    this.output.off('drain', this.onDrain);
    // Late write failures (the client went away) have nowhere to go once closed.
    this.output.off('error', this.onOutputError);
    this.output.on('error', () => undefined);
    this.input.pause();
    this.partial = [];
    this.waiting.length = 0;
    this.onclose?.();
    return Promise.resolve();
  }

  private readonly onData = (chunk: Buffer) => {
    let start = 0;
    for (let end = chunk.indexOf(NEWLINE); end !== -1; end = chunk.indexOf(NEWLINE, start)) {
      this.take(chunk.subarray(start, end));
      this.waiting.push(this.finishLine());
      start = end + 1;
    }
    if (start < chunk.length) this.take(chunk.subarray(start));
    this.pump();
  };

  private take(bytes: Buffer): void {
    if (this.oversized !== null) {
      const tail = Buffer.concat([this.oversized.tail, bytes]);
      this.oversized.tail = tail.subarray(Math.max(0, tail.length - KEPT_EDGE_BYTES));
      return;
    }
    this.partial.push(bytes);
    this.partialBytes += bytes.length;
    if (this.partialBytes <= this.maxMessageBytes) return;
    const whole = Buffer.concat(this.partial);
    this.oversized = {
      head: whole.subarray(0, KEPT_EDGE_BYTES),
      tail: Buffer.from(whole.subarray(whole.length - KEPT_EDGE_BYTES)),
    };
    this.partial = [];
    this.partialBytes = 0;
  }

  private finishLine(): Inbound {
    if (this.oversized !== null) {
      const { head, tail } = this.oversized;
      this.oversized = null;
      return { oversized: idOfOversizedMessage(head.toString('utf8'), tail.toString('utf8')) };
    }
    const line = Buffer.concat(this.partial).toString('utf8');
    this.partial = [];
    this.partialBytes = 0;
    return { line: line.endsWith('\r') ? line.slice(0, -1) : line };
  }

  /** Hands on waiting lines while there is room; pauses stdin while there is none. */
  private readonly pump = () => {
    while (!this.closed && this.waiting.length > 0 && !this.backedUp()) {
      const next = this.waiting.shift();
      if (next !== undefined) this.handOn(next);
    }
    if (this.closed) return;
    if (this.waiting.length > 0 || this.backedUp()) this.input.pause();
    else this.input.resume();
  };

  private backedUp(): boolean {
    return (
      this.outputFull || this.output.writableNeedDrain || this.unanswered.size >= this.maxUnanswered
    );
  }

  private readonly onDrain = () => {
    this.outputFull = false;
    this.pump();
  };

  private handOn(inbound: Inbound): void {
    if ('oversized' in inbound) {
      const limit = `${Math.round(this.maxMessageBytes / 1024 / 1024)} MiB`;
      this.answerError(
        inbound.oversized,
        -32600,
        `Invalid request: a message over ${limit} is not accepted. Send less at once (write a large note in parts).`,
      );
      return;
    }
    if (inbound.line.trim() === '') return;
    let message: JSONRPCMessage;
    try {
      message = deserializeMessage(inbound.line);
    } catch (error) {
      this.onerror?.(error instanceof Error ? error : new Error(String(error)));
      this.answerError(null, -32700, 'Parse error: the line is not a JSON-RPC message.');
      return;
    }
    this.count(message);
    this.onmessage?.(message);
  }

  private count(message: JSONRPCMessage): void {
    if (!('method' in message)) return;
    if ('id' in message && message.method !== 'subscriptions/listen') {
      this.unanswered.add(message.id);
    } else if (message.method === 'notifications/cancelled') {
      const requestId = (message.params as { requestId?: RequestId } | undefined)?.requestId;
      if (requestId !== undefined) this.unanswered.delete(requestId);
    }
  }

  private answerError(id: RequestId | null, code: number, text: string): void {
    const answer = { jsonrpc: '2.0', id, error: { code, message: text } };
    this.send(answer as JSONRPCMessage).catch((error: unknown) =>
      this.onerror?.(error instanceof Error ? error : new Error(String(error))),
    );
  }

  private readonly onInputError = (error: Error) => this.onerror?.(error);

  private readonly onInputEnd = () => void this.close();

  private readonly onOutputError = (error: Error) => {
    this.onerror?.(error);
    void this.close();
  };
}
