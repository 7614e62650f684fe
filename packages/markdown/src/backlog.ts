/**
 * Work owed to a set of keys (notes whose tags are not counted yet, sources whose links are not
 * in a reverse index yet), done a few at a time while nothing else runs, or all at once the
 * moment an answer needs it. A key changed meanwhile stays owed and is done with its state then;
 * a key removed meanwhile is simply no longer owed.
 */
const never = () => false;

export class Backlog {
  private pending: Set<string> | null = null;

  /** Owes the work to `key` (a no-op unless the backlog is open). */
  add(key: string): void {
    this.pending?.add(key);
  }

  /** Opens the backlog, if it is not open, and owes the work to these keys. */
  open(keys: Iterable<string> = []): void {
    this.pending ??= new Set();
    for (const key of keys) this.pending.add(key);
  }

  get isOpen(): boolean {
    return this.pending !== null;
  }

  /** Whether the work is still owed to `key`. */
  owes(key: string): boolean {
    return this.pending?.has(key) === true;
  }

  /** Forgets `key`; true when it was still owed (so nothing was done for it yet). */
  drop(key: string): boolean {
    return this.pending?.delete(key) === true;
  }

  /**
   * Does the work for up to `limit` keys, fewer once `spent()` says the step's time is up (after
   * at least one); true while some remain owed.
   */
  step(limit: number, work: (key: string) => void, spent: () => boolean = never): boolean {
    const pending = this.pending;
    if (pending === null) return false;
    let done = 0;
    for (const key of pending) {
      if (done === limit || (done > 0 && spent())) return true;
      done++;
      pending.delete(key);
      work(key);
    }
    this.pending = null;
    return false;
  }

  /** Does all the work still owed. */
  finish(work: (key: string) => void): void {
    this.step(Number.POSITIVE_INFINITY, work);
  }
}
