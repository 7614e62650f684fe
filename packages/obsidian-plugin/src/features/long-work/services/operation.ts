/**
 * One tool call in flight, as the server and the people watching see it: what it is, how far it
 * got (done of total, what it is doing now), and how to stop it. The tool reports as often as it
 * likes (`report`, one per note is fine); followers hear at most one report every
 * PROGRESS_EVERY_MS, and only when `done` moved on or it does something else now (MCP requires
 * each progress notification to say more than the last: `increasingProgress` keeps them so). A call is stopped through its signal: its reason is the ToolError the
 * call then fails with (`cancelled`, or `time_limit` once it ran past its wall time).
 */
import { ToolError } from '@mcp-connector/shared';
import { clearTimeout, setTimeout } from 'node:timers';

/** At most one progress report every this many ms reaches the followers. */
export const PROGRESS_EVERY_MS = 250;
/** How long one call may run, generously: 100,000 notes rewritten take a few minutes. */
export const CALL_TIME_LIMIT_MS = 30 * 60_000;

export interface Progress {
  done: number;
  /** Null while the total is not known yet. */
  total: number | null;
  /** What the call is doing now ("Replacing in notes"); '' until it says. */
  message: string;
}

/**
 * Progress as notifications must carry it: each one's `progress` above the last. A pass that
 * counts from 0 again (the tool's own, after waiting for the index) counts on from where the
 * last notification was; null for a report that would say nothing new.
 */
export function increasingProgress(): (progress: Progress) => Progress | null {
  let base = 0;
  let last = -1;
  let message: string | null = null;
  return (progress) => {
    if (progress.message !== message && base + progress.done <= last) base = last;
    message = progress.message;
    const done = base + progress.done;
    if (done <= last) return null;
    last = done;
    return { ...progress, done, total: progress.total === null ? null : base + progress.total };
  };
}

/** Who stopped a call, in the words its failure gives. */
export type StopCause = 'client' | 'user' | 'closing';

export interface OperationStart {
  tool: string;
  tokenId: string;
  /** The token's label, as people know the caller. */
  caller: string;
  timeLimitMs?: number;
  now?: () => number;
}

export class Operation {
  readonly tool: string;
  readonly tokenId: string;
  readonly caller: string;
  readonly startedAt: number;
  private readonly controller = new AbortController();
  private readonly followers = new Set<(progress: Progress) => void>();
  private current: Progress = { done: 0, total: null, message: '' };
  private lastSentAt = -Infinity;
  private lastSentDone = -1;
  /** When the current message began, and `done` then: the rate is the current phase's. */
  private phase = { message: '', at: 0, done: 0 };
  private readonly limit: ReturnType<typeof setTimeout>;
  private readonly now: () => number;

  constructor(
    readonly id: string,
    start: OperationStart,
  ) {
    this.tool = start.tool;
    this.tokenId = start.tokenId;
    this.caller = start.caller;
    this.now = start.now ?? Date.now;
    this.startedAt = this.now();
    this.phase.at = this.startedAt;
    const limitMs = start.timeLimitMs ?? CALL_TIME_LIMIT_MS;
    this.limit = setTimeout(() => this.abort(timeLimitError(limitMs)), limitMs);
    this.limit.unref?.();
  }

  /** Aborted when the call is stopped; its reason is the ToolError the call fails with. */
  get signal(): AbortSignal {
    return this.controller.signal;
  }

  get progress(): Progress {
    return this.current;
  }

  /** Done per second in the current phase (since its message began), or null before a second. */
  rate(): number | null {
    const seconds = (this.now() - this.phase.at) / 1000;
    if (seconds < 1) return null;
    return (this.current.done - this.phase.done) / seconds;
  }

  /** How far the call is; followers hear it at most every PROGRESS_EVERY_MS, when it moved on. */
  report(done: number, total?: number, message?: string): void {
    const next = {
      done,
      total: total ?? this.current.total,
      message: message ?? this.current.message,
    };
    if (next.message !== this.phase.message) {
      this.phase = { message: next.message, at: this.now(), done };
      this.lastSentDone = -1; // a new pass may count from 0 (waiting for the index, then the tool)
    }
    this.current = next;
    const at = this.now();
    if (done <= this.lastSentDone || at - this.lastSentAt < PROGRESS_EVERY_MS) return;
    this.lastSentAt = at;
    this.lastSentDone = done;
    for (const follower of this.followers) follower(next);
  }

  /** Hears the throttled reports (a request's progress notifications, a task, the status bar). */
  follow(follower: (progress: Progress) => void): () => void {
    this.followers.add(follower);
    return () => this.followers.delete(follower);
  }

  /** Stops the call: it fails with `cancelled` and its writes are put back. */
  stop(cause: StopCause): void {
    this.abort(cancelledError(cause));
  }

  /** The call has ended: no more stops, no time limit. */
  end(): void {
    clearTimeout(this.limit);
    this.followers.clear();
  }

  private abort(reason: ToolError): void {
    if (!this.controller.signal.aborted) this.controller.abort(reason);
  }
}

function cancelledError(cause: StopCause): ToolError {
  const by = {
    client: 'The client cancelled the call',
    user: 'The call was stopped from Obsidian',
    closing: 'The server closed while the call ran',
  }[cause];
  return new ToolError(
    'cancelled',
    `${by} before it finished; any note it had changed was put back, so nothing of it is kept.`,
    { cause },
  );
}

function timeLimitError(limitMs: number): ToolError {
  return new ToolError(
    'time_limit',
    `The call ran past the ${Math.round(limitMs / 60_000)} min one call may take, so it was stopped and any note it had changed was put back. Narrow the scope (a folder) and call again for each part.`,
    { limitMs },
  );
}
