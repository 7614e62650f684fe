/**
 * One connector's life, in one place: cold -> starting -> ready -> closed.
 *
 * Invariants:
 * - everything the start acquires is deferred here right after it succeeds, and released once,
 *   newest first, by `close` or by a start that fails or is stopped half way;
 * - work for later (`later`, `afterFulfilled`) is owned too: a pending turn is cancelled by
 *   `close`, and work that comes due once closed does nothing, so nothing runs on a closed
 *   connector and nothing it subscribes outlives it;
 * - `close` during the start stops it at its next `step` (or when it returns) and resolves once
 *   what it had started is released; the start then rejects with `StartStopped`.
 */
import { clearImmediate, setImmediate } from 'node:timers';
import { DisposerStack, type Disposer } from './disposer-stack.ts';

export type LifecycleState = 'cold' | 'starting' | 'ready' | 'closed';

/** How a start that `close` (or its abort signal) stopped half way rejects. */
export class StartStopped extends Error {
  override readonly name = 'StartStopped';
  constructor(readonly step: string) {
    super(`The start was stopped before it finished (at "${step}").`);
  }
}

export interface LifecycleOptions {
  /** Aborting it closes the connector: during the start, the start stops at its next step. */
  signal?: AbortSignal;
  /** Hears each step of the start as it completes, then 'ready' (tests stop the start there). */
  onStep?: (step: string) => void;
}

export class Lifecycle {
  private current: LifecycleState = 'cold';
  private readonly stack = new DisposerStack();
  private readonly pending = new Set<ReturnType<typeof setImmediate>>();
  private closing: Promise<void> | null = null;
  /** Settles once a start that was under way has released what it started. */
  private started: Promise<unknown> = Promise.resolve();

  constructor(private readonly options: LifecycleOptions = {}) {}

  get state(): LifecycleState {
    return this.current;
  }

  get isClosed(): boolean {
    return this.current === 'closed';
  }

  /** Registers the release of something that has just been acquired. */
  defer(disposer: Disposer): void {
    this.stack.defer(disposer);
  }

  /** Ends one part of the start: the observer hears it; a close asked for meanwhile stops here. */
  step(name: string): void {
    this.options.onStep?.(name);
    if (this.current === 'closed' || this.options.signal?.aborted === true)
      throw new StartStopped(name);
  }

  /** Runs `work` on a later turn of the event loop, unless the connector closes first. */
  later(work: () => void): void {
    if (this.current === 'closed') return;
    const handle = setImmediate(() => {
      this.pending.delete(handle);
      if (this.current !== 'closed') work();
    });
    this.pending.add(handle);
  }

  /** Runs `work` a turn after `promise` fulfils, unless the connector has closed by then. */
  afterFulfilled(promise: Promise<unknown>, work: () => void): void {
    promise.then(
      () => this.later(work),
      () => undefined,
    );
  }

  /**
   * Runs the start. When it throws, or is stopped, what it had deferred is released (newest
   * first) and the error rethrown; a release failing meanwhile goes to `onError`, so the start's
   * own error is the one the caller sees.
   */
  async start<T>(run: (life: this) => Promise<T>, onError: (error: unknown) => void): Promise<T> {
    if (this.current !== 'cold') throw new Error(`A ${this.current} lifecycle cannot start again.`);
    this.current = 'starting';
    const running = this.runStart(run, onError);
    this.started = running.catch(() => undefined);
    const stopOnAbort = () => void this.close();
    this.options.signal?.addEventListener('abort', stopOnAbort, { once: true });
    try {
      return await running;
    } finally {
      this.options.signal?.removeEventListener('abort', stopOnAbort);
    }
  }

  /** Closes: cancels pending work and releases everything, once; later calls share the first. */
  close(): Promise<void> {
    if (this.closing !== null) return this.closing;
    const wasStarting = this.current === 'starting';
    this.markClosed();
    // A start under way releases what it started itself, when it reaches its next step.
    this.closing = wasStarting ? this.started.then(() => undefined) : this.stack.dispose();
    return this.closing;
  }

  private async runStart<T>(
    run: (life: this) => Promise<T>,
    onError: (error: unknown) => void,
  ): Promise<T> {
    try {
      const value = await run(this);
      this.step('ready');
      this.current = 'ready';
      return value;
    } catch (error) {
      this.markClosed();
      await this.stack.dispose().catch(onError);
      throw error;
    }
  }

  private markClosed(): void {
    this.current = 'closed';
    for (const handle of this.pending) clearImmediate(handle);
    this.pending.clear();
  }
}
