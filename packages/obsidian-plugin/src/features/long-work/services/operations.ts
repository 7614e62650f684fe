/**
 * Every tool call this server runs, while it runs: the one place a call is stopped from (the
 * client's notifications/cancelled, whichever request brings it; the user's stop in Obsidian;
 * the server closing) and the one list people watch long work in (Obsidian's status bar, the
 * headless terminal). A call shows once it has run SHOW_AFTER_MS, so short calls never flicker
 * there. It lives in the connector's composition, not in a request: the HTTP transport makes a
 * server per request (ADR-0002), and a cancellation arrives in a request of its own.
 */
import type { Activity } from '@mcp-connector/shared';
import { clearTimeout, setTimeout } from 'node:timers';
import { Operation, type OperationStart, type Progress, type StopCause } from './operation.ts';

/** A JSON-RPC request's id. */
export type RequestId = string | number;

/** How long a close waits for the calls it stopped to put their writes back. */
export const CLOSE_WAIT_MS = 10_000;

/** A call shows in the status bar and on the terminal once it has run this long. */
export const SHOW_AFTER_MS = 1000;

/** A long call as people see it. */
export interface OperationView {
  id: string;
  tool: string;
  caller: string;
  startedAt: number;
  progress: Progress;
  /** Done per second in what it is doing now; null before a second of it. */
  rate: number | null;
  /** Stopped, and putting back what it wrote. */
  stopping: boolean;
}

export interface CallStart extends Omit<OperationStart, 'caller' | 'now'> {
  /** The request's id, when a request is waiting for the call (not for a task). */
  requestId?: RequestId;
  /** The tool may write (not read-only): `writes` counts it while it runs. */
  writes?: boolean;
}

export interface OperationsOptions {
  /** The label people know a token by (the token's id when there is none). */
  callerOf?: (tokenId: string) => string;
  now?: () => number;
  /** How long a close waits for the calls it stopped (CLOSE_WAIT_MS unless a test says). */
  closeWaitMs?: number;
}

/** Some calls while they run: `busy` while any does, `idle()` settles once none does. */
class CallsRunning implements Activity {
  private readonly calls = new Set<Operation>();
  private readonly ended: (() => void)[] = [];

  get busy(): boolean {
    return this.calls.size > 0;
  }

  idle(): Promise<void> {
    if (this.calls.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.ended.push(resolve));
  }

  add(operation: Operation): void {
    this.calls.add(operation);
  }

  delete(operation: Operation): void {
    if (this.calls.delete(operation) && this.calls.size === 0)
      for (const resolve of this.ended.splice(0)) resolve();
  }
}

export class Operations {
  private readonly running = new Map<string, Operation>();
  /** token + request id -> the calls answering it (two clients of a token may use one id). */
  private readonly byRequest = new Map<string, Set<Operation>>();
  private readonly requestOf = new Map<Operation, string>();
  private readonly listeners = new Set<() => void>();
  private readonly endedAll: (() => void)[] = [];
  private count = 0;
  private closed = false;

  private readonly now: () => number;
  private readonly callerOf: (tokenId: string) => string;
  private readonly closeWaitMs: number;

  /**
   * The calls that may write, while any runs: a headless host's steps after ready stand aside
   * for them, since each await of a write waited behind a step (ADR-0044).
   */
  readonly writes = new CallsRunning();

  constructor(options: OperationsOptions = {}) {
    this.now = options.now ?? Date.now;
    this.callerOf = options.callerOf ?? ((tokenId) => tokenId);
    this.closeWaitMs = options.closeWaitMs ?? CLOSE_WAIT_MS;
  }

  start(start: CallStart): Operation {
    const operation = new Operation(`op-${++this.count}`, {
      ...start,
      caller: this.callerOf(start.tokenId),
      now: this.now,
    });
    this.running.set(operation.id, operation);
    if (start.writes === true) this.writes.add(operation);
    if (start.requestId !== undefined) this.answering(operation, start.requestId);
    operation.follow(() => {
      if (this.isShown(operation)) this.emit();
    });
    if (this.closed) operation.stop('closing');
    return operation;
  }

  /** The call has ended (answered, failed, or its task settled). */
  end(operation: Operation): void {
    const shown = this.isShown(operation);
    operation.end();
    this.running.delete(operation.id);
    this.writes.delete(operation);
    this.forgetRequest(operation);
    if (shown) this.emit();
    if (this.running.size === 0) for (const resolve of this.endedAll.splice(0)) resolve();
  }

  /** The call goes on as a task: a cancellation of its request no longer reaches it. */
  forgetRequest(operation: Operation): void {
    const key = this.requestOf.get(operation);
    if (key === undefined) return;
    this.requestOf.delete(operation);
    const calls = this.byRequest.get(key);
    calls?.delete(operation);
    if (calls?.size === 0) this.byRequest.delete(key);
  }

  /**
   * notifications/cancelled from a token for one of its requests. Two clients sharing a token
   * may both have a call with that id in flight (the legacy line has no session to tell them
   * apart): then neither is stopped, since stopping the wrong one would put back its work.
   */
  cancelRequest(tokenId: string, requestId: RequestId): boolean {
    const calls = this.byRequest.get(requestKey(tokenId, requestId));
    if (calls?.size !== 1) return false;
    for (const operation of calls) operation.stop('client');
    return true;
  }

  /** Stops one call (the status bar, the palette); false when it has already ended. */
  stop(id: string, cause: StopCause = 'user'): boolean {
    const operation = this.running.get(id);
    operation?.stop(cause);
    if (operation !== undefined) this.emit();
    return operation !== undefined;
  }

  /** The long calls running now, oldest first. */
  shown(): OperationView[] {
    return [...this.running.values()].filter((operation) => this.isShown(operation)).map(viewOf);
  }

  /** Called when a shown call moves on, starts stopping, or ends. */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Stops every call (`closing`) and resolves once all have ended, their writes put back, or
   * after CLOSE_WAIT_MS: a call stuck elsewhere (waiting for another server's journal turn) must
   * not hold a close up; what it left open is settled at the next start, as after a crash.
   */
  async close(): Promise<void> {
    this.closed = true;
    for (const operation of this.running.values()) operation.stop('closing');
    if (this.running.size > 0) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([
        new Promise<void>((resolve) => this.endedAll.push(resolve)),
        new Promise<void>((resolve) => (timer = setTimeout(resolve, this.closeWaitMs))),
      ]);
      clearTimeout(timer);
    }
    this.listeners.clear();
  }

  private isShown(operation: Operation): boolean {
    return this.running.has(operation.id) && this.now() - operation.startedAt >= SHOW_AFTER_MS;
  }

  private answering(operation: Operation, requestId: RequestId): void {
    const key = requestKey(operation.tokenId, requestId);
    let calls = this.byRequest.get(key);
    if (calls === undefined) this.byRequest.set(key, (calls = new Set()));
    calls.add(operation);
    this.requestOf.set(operation, key);
  }

  private emit(): void {
    for (const listener of this.listeners) listener();
  }
}

function requestKey(tokenId: string, requestId: RequestId): string {
  return `${tokenId}\n${typeof requestId}:${String(requestId)}`;
}

function viewOf(operation: Operation): OperationView {
  return {
    id: operation.id,
    tool: operation.tool,
    caller: operation.caller,
    startedAt: operation.startedAt,
    progress: operation.progress,
    rate: operation.rate(),
    stopping: operation.signal.aborted,
  };
}
