/**
 * When a headless server's index build begins (ADR-0054): once its first requests are answered.
 * A client that just started the server (a stdio relay: the proof, initialize, tools/list, each
 * sent as the one before is answered) gets its answers before the build takes the event loop's
 * turns: listing and parsing 100,000 notes held each of them for up to a second. The build
 * begins when no request arrived or ended for `QUIET_MS`, and `LATEST_MS` after the port opened
 * under steady traffic. A call that waits for the index does not hold it back: it is quiet.
 */
export const QUIET_MS = 150;
export const LATEST_MS = 1000;

export class FirstRequests {
  private heard: (() => void) | null = null;
  private release: () => void = () => undefined;
  private stopped = false;

  /** The transport's `onRequest`: heard once the port is open, at a request's arrival and end. */
  readonly onRequest = (): (() => void) => {
    this.heard?.();
    return () => this.heard?.();
  };

  /** Resolves once no request arrived or ended for `QUIET_MS` from now, or `LATEST_MS` from now. */
  answered(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    return new Promise((resolve) => {
      let quiet: ReturnType<typeof setTimeout> | undefined;
      const done = () => {
        clearTimeout(latest);
        clearTimeout(quiet);
        this.heard = null;
        resolve();
      };
      const latest = setTimeout(done, LATEST_MS);
      this.heard = () => {
        clearTimeout(quiet);
        quiet = setTimeout(done, QUIET_MS);
      };
      this.heard();
      this.release = done;
    });
  }

  /** Resolves `answered` now: the server is closing, and its build must not wait. */
  stop(): void {
    this.stopped = true;
    this.release();
  }
}
