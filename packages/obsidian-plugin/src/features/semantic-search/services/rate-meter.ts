/**
 * A rate measured over the last few seconds (bytes downloaded, notes indexed): what a user
 * waits for depends on the current pace, not on the average since the start, which a cached
 * first half or a slow start would skew.
 */
export class RateMeter {
  private readonly samples: { at: number; total: number }[] = [];
  private total = 0;

  constructor(
    private readonly windowMs = 10_000,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.samples.push({ at: this.now(), total: 0 });
  }

  add(amount: number): void {
    this.total += amount;
    const at = this.now();
    this.samples.push({ at, total: this.total });
    while (this.samples.length > 2 && at - (this.samples[1]?.at ?? at) > this.windowMs)
      this.samples.shift();
  }

  /** Units per second over the window; null until some time has passed. */
  perSecond(): number | null {
    const first = this.samples[0];
    const last = this.samples[this.samples.length - 1];
    if (first === undefined || last === undefined) return null;
    const seconds = (last.at - first.at) / 1000;
    return seconds <= 0 ? null : (last.total - first.total) / seconds;
  }
}
