/**
 * When a headless server's index build begins (ADR-0054): once its first requests are answered.
 * A client that just started the server (a stdio relay: the proof, initialize, tools/list) gets
 * its answers before the build takes the event loop's turns: listing and parsing 100,000 notes
 * held each of those answers for up to a second. The build begins when no request has run for
 * `QUIET_MS`, and `LATEST_MS` after the port opened at the latest (a first call that waits for
 * the index must not hold it back).
 */
import { IdleWatch } from './background/idle-watch.ts';

export const QUIET_MS = 250;
export const LATEST_MS = 1500;

export class FirstRequests {
  private watch: IdleWatch | null = null;
  private release: () => void = () => undefined;
  private stopped = false;

  /** The transport's `onRequest`: counted once the port is open. */
  readonly onRequest = (): (() => void) => this.watch?.onRequest() ?? (() => undefined);

  /** Resolves once no request has run for `QUIET_MS` from now on, or `LATEST_MS` from now. */
  answered(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(latest);
        this.watch?.stop();
        this.watch = null;
        resolve();
      };
      const latest = setTimeout(done, LATEST_MS);
      this.watch = new IdleWatch(QUIET_MS, done);
      this.release = done;
    });
  }

  /** Resolves `answered` now: the server is closing, and its build must not wait. */
  stop(): void {
    this.stopped = true;
    this.release();
  }
}
