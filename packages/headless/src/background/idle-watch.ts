/**
 * When a background server has been idle long enough (ADR-0047): no HTTP request in flight
 * (an open listen stream is one) and none ended for `idleMs`. Requests are counted by the
 * transport's `onRequest` hook; the clock starts again when the last one in flight ends.
 */
/** Ten minutes without a request. */
export const DEFAULT_IDLE_EXIT_MS = 10 * 60_000;

export class IdleWatch {
  private inFlight = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private stopped = false;

  constructor(
    private readonly idleMs: number,
    private readonly onIdle: () => void,
  ) {
    this.arm();
  }

  /** The transport's `onRequest`: a request arrived; the function returned, it ended. */
  readonly onRequest = (): (() => void) => {
    this.inFlight++;
    clearTimeout(this.timer);
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      this.inFlight--;
      if (this.inFlight === 0) this.arm();
    };
  };

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  private arm(): void {
    clearTimeout(this.timer);
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      if (this.inFlight === 0 && !this.stopped) this.onIdle();
    }, this.idleMs);
  }
}
