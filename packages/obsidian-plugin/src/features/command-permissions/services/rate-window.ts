/**
 * Counts command calls in a sliding window (one minute): past the hard limit a call is refused;
 * from the user's warning threshold on (a setting) the result carries a warning. In memory only: a restart starts over.
 */
export const WINDOW_MS = 60_000;
export const HARD_LIMIT = 100;

export class RateWindow {
  private readonly calls: number[] = [];

  constructor(private readonly windowMs: number = WINDOW_MS) {}

  /** Records a call at `now`; returns how many calls the window holds, this one included. */
  hit(now: number): number {
    while (this.calls.length > 0 && (this.calls[0] as number) <= now - this.windowMs)
      this.calls.shift();
    this.calls.push(now);
    return this.calls.length;
  }
}
