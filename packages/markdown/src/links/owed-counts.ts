/**
 * Link counts a previous run computed, owed to a record (`resolvedLinks`) rather than made at
 * once: a big vault restored from its metadata cache holds hundreds of thousands of counts in
 * objects whose keys are paths, and making them took a warm start of 100,000 notes about half a
 * second (every object has its own set of keys, which the engine pays for property by property).
 *
 * An owed entry holds a shared empty placeholder in the record (so the record keeps its key
 * order) until it is made. The owner hands the record out only through `record()`, which makes
 * whatever is still owed first, so nobody outside ever sees a placeholder, and `maker` tells how
 * to make one without making it (the metadata cache writer). The owner's own writes and deletes go through `settled` and `delete`.
 */
type Counts = Record<string, number>;

const PLACEHOLDER: Counts = Object.freeze(Object.create(null) as Counts);

export class OwedCounts {
  private readonly makers = new Map<string, () => Counts>();

  constructor(private readonly counts: Record<string, Counts>) {}

  /** Owes `key` the counts `make` returns. */
  owe(key: string, make: () => Counts): void {
    this.counts[key] = PLACEHOLDER;
    this.makers.set(key, make);
  }

  /** The record, with nothing owed left in it. */
  record(): Record<string, Counts> {
    for (const [key, make] of this.makers) this.settled(key, make());
    return this.counts;
  }

  /** How to make the counts of `key` as they are now, without making them. */
  maker(key: string): (() => Counts) | undefined {
    const owed = this.makers.get(key);
    if (owed !== undefined) return owed;
    const counts = this.counts[key];
    return counts === undefined ? undefined : () => counts;
  }

  /** Sets the counts of `key`, replacing any owed ones. */
  settled(key: string, counts: Counts): void {
    this.makers.delete(key);
    this.counts[key] = counts;
  }

  /** Removes the entry of `key`, owed or made. */
  delete(key: string): void {
    this.makers.delete(key);
    delete this.counts[key];
  }
}
