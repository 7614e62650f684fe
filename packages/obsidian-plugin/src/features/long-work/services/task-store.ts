/**
 * MCP tasks of this server (ADR-0036): a long call that answers at once with a task id and runs
 * on, for the client to poll, read and cancel. The store lives in the connector's composition,
 * so any request with the same token reaches its tasks (the HTTP transport makes a server per
 * request); a token never sees another's (an id it did not start is not found). Tasks are kept
 * in memory only: a restart forgets them, and stops the ones running (their writes put back).
 * Bounded: at most MAX_TASKS_PER_TOKEN kept per token and MAX_TASKS in all (a finished task
 * makes room for a new one, the oldest first; a token whose kept tasks all run gets none), and a
 * finished task is dropped once its time to live, counted from its creation, has passed.
 * The store is neutral about the wire: each protocol line shapes its answers from a `TaskView`.
 */
import { randomUUID } from 'node:crypto';
import type { Operation } from './operation.ts';
import { progressText } from './operation-lines.ts';

export const MAX_TASKS_PER_TOKEN = 16;
export const MAX_TASKS = 256;
export const DEFAULT_TASK_TTL_MS = 60 * 60_000;
export const MIN_TASK_TTL_MS = 60_000;
export const MAX_TASK_TTL_MS = 24 * 60 * 60_000;
/** How often a client is asked to poll. */
export const TASK_POLL_INTERVAL_MS = 500;

/** How a task's run ended: with its answer, or with a protocol error (a JSON-RPC error). */
export type TaskOutcome<Result> =
  { kind: 'answer'; result: Result } | { kind: 'error'; error: { code: number; message: string } };

/** A task as a wire answer is made from. */
export interface TaskView<Result> {
  taskId: string;
  tool: string;
  createdAt: string;
  lastUpdatedAt: string;
  ttlMs: number;
  pollIntervalMs: number;
  /** The client asked to cancel it (the run may still be putting back what it wrote). */
  cancelRequested: boolean;
  /** Null while it runs. */
  outcome: TaskOutcome<Result> | null;
  /** How far it is (while it runs), in words. */
  progress: string;
}

interface KeptTask<Result> {
  taskId: string;
  tokenId: string;
  operation: Operation;
  createdAt: number;
  lastUpdatedAt: number;
  ttlMs: number;
  cancelRequested: boolean;
  outcome: TaskOutcome<Result> | null;
  settled: Promise<void>;
}

export interface TaskStoreOptions {
  now?: () => number;
}

export class TaskStore<Result> {
  private readonly tasks = new Map<string, KeptTask<Result>>();
  private readonly now: () => number;

  constructor(options: TaskStoreOptions = {}) {
    this.now = options.now ?? Date.now;
  }

  /**
   * Whether the token may start one more task, making room (dropping its oldest finished
   * ones) when it must; asked before the call starts, so a refused call never runs.
   */
  hasRoomFor(tokenId: string): boolean {
    this.expire();
    return this.makeRoom(tokenId);
  }

  /**
   * Keeps the running call as a task of `tokenId`; null (and the caller answers otherwise) when
   * the token has MAX_TASKS_PER_TOKEN running, or the server MAX_TASKS.
   */
  create(
    tokenId: string,
    operation: Operation,
    run: Promise<Result>,
    requestedTtlMs?: number,
  ): TaskView<Result> | null {
    this.expire();
    if (!this.makeRoom(tokenId)) return null;
    const at = this.now();
    const task: KeptTask<Result> = {
      taskId: randomUUID(),
      tokenId,
      operation,
      createdAt: at,
      lastUpdatedAt: at,
      ttlMs: clampTtl(requestedTtlMs),
      cancelRequested: false,
      outcome: null,
      settled: Promise.resolve(),
    };
    operation.follow(() => (task.lastUpdatedAt = this.now()));
    task.settled = run.then(
      (result) => this.settle(task, { kind: 'answer', result }),
      (thrown: unknown) => this.settle(task, { kind: 'error', error: protocolError(thrown) }),
    );
    this.tasks.set(task.taskId, task);
    return this.viewOf(task);
  }

  /** The token's task, or null: unknown, another token's, or dropped. */
  get(tokenId: string, taskId: string): TaskView<Result> | null {
    const task = this.find(tokenId, taskId);
    return task === null ? null : this.viewOf(task);
  }

  /** The token's tasks, oldest first. */
  list(tokenId: string): TaskView<Result>[] {
    this.expire();
    return [...this.tasks.values()]
      .filter((task) => task.tokenId === tokenId)
      .map((task) => this.viewOf(task));
  }

  /** Resolves once the task has ended (at once if it has); null as `get` says. */
  async settled(tokenId: string, taskId: string): Promise<TaskView<Result> | null> {
    const task = this.find(tokenId, taskId);
    if (task === null) return null;
    await task.settled;
    return this.viewOf(task);
  }

  /**
   * Asks a running task to stop (its writes are put back); the view after, or null as `get`
   * says. A task that has ended is left as it is.
   */
  cancel(tokenId: string, taskId: string): TaskView<Result> | null {
    const task = this.find(tokenId, taskId);
    if (task === null) return null;
    if (task.outcome === null && !task.cancelRequested) {
      task.cancelRequested = true;
      task.lastUpdatedAt = this.now();
      task.operation.stop('client');
    }
    return this.viewOf(task);
  }

  private find(tokenId: string, taskId: string): KeptTask<Result> | null {
    this.expire();
    const task = this.tasks.get(taskId);
    return task?.tokenId === tokenId ? task : null;
  }

  private settle(task: KeptTask<Result>, outcome: TaskOutcome<Result>): void {
    task.outcome = outcome;
    task.lastUpdatedAt = this.now();
  }

  /** Drops finished tasks past their time to live. */
  private expire(): void {
    const now = this.now();
    for (const [id, task] of this.tasks)
      if (task.outcome !== null && now >= task.createdAt + task.ttlMs) this.tasks.delete(id);
  }

  /** Makes room for one more task of `tokenId` by dropping the oldest finished ones. */
  private makeRoom(tokenId: string): boolean {
    const own = () => [...this.tasks.values()].filter((task) => task.tokenId === tokenId);
    return (
      this.dropOldestFinished(own, MAX_TASKS_PER_TOKEN) &&
      this.dropOldestFinished(() => [...this.tasks.values()], MAX_TASKS)
    );
  }

  private dropOldestFinished(kept: () => KeptTask<Result>[], max: number): boolean {
    while (kept().length >= max) {
      const finished = kept().find((task) => task.outcome !== null);
      if (finished === undefined) return false;
      this.tasks.delete(finished.taskId);
    }
    return true;
  }

  private viewOf(task: KeptTask<Result>): TaskView<Result> {
    return {
      taskId: task.taskId,
      tool: task.operation.tool,
      createdAt: new Date(task.createdAt).toISOString(),
      lastUpdatedAt: new Date(task.lastUpdatedAt).toISOString(),
      ttlMs: task.ttlMs,
      pollIntervalMs: TASK_POLL_INTERVAL_MS,
      cancelRequested: task.cancelRequested,
      outcome: task.outcome,
      progress: progressText(task.operation.progress),
    };
  }
}

/** A thrown protocol error's JSON-RPC code and message; anything else is an internal error. */
function protocolError(thrown: unknown): { code: number; message: string } {
  const code = (thrown as { code?: unknown } | null)?.code;
  return {
    code: typeof code === 'number' ? code : -32603,
    message: thrown instanceof Error ? thrown.message : String(thrown),
  };
}

function clampTtl(requested: number | undefined): number {
  if (requested === undefined || !Number.isFinite(requested)) return DEFAULT_TASK_TTL_MS;
  return Math.round(Math.min(MAX_TASK_TTL_MS, Math.max(MIN_TASK_TTL_MS, requested)));
}
