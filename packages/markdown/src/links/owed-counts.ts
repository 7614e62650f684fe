/**
 * Link counts a previous run computed, owed to a record (`resolvedLinks`) rather than made at
 * once: a big vault restored from its metadata cache holds hundreds of thousands of counts in
 * objects whose keys are paths, and making them took a warm start of 100,000 notes about half a
 * second (every object has its own set of keys, which the engine pays for property by property).
 *
 * Until the record is first asked for, its entries, made or owed, wait in a `Map` in key order:
 * a record with a key per note costs the engine more for each key than a `Map` does (a warm start
 * of 100,000 notes spent 0.15-0.19 s putting placeholders in it). Asked for, the record is filled
 * in that order; from then on an owed entry holds a shared empty placeholder in the record (so the
 * record keeps its key order) until it is made. The owner hands the record out only through
 * `record()`, which makes whatever is still owed first, so nobody outside ever sees a
 * placeholder, and `maker` tells how to make one without making it (the metadata cache writer).
 * The owner's own writes and deletes go through `settled` and `delete`. `unresolvedLinks` is
 * held the same way with nothing owed, for the Map alone.
 */
type Counts = Record<string, number>;

const PLACEHOLDER: Counts = Object.freeze(Object.create(null) as Counts);

type Entry = Counts | (() => Counts);

export class OwedCounts {
  /** Every entry in key order, made or owed (its maker), until the record is first asked for. */
  private waiting: Map<string, Entry> | null = new Map();
  private readonly makers = new Map<string, () => Counts>();

  /** `counts` is the record handed out, empty: it is filled when first asked for. */
  constructor(private readonly counts: Record<string, Counts>) {}

  /** Owes `key` the counts `make` returns. */
  owe(key: string, make: () => Counts): void {
    if (this.waiting !== null) {
      this.waiting.set(key, make);
      return;
    }
    this.counts[key] = PLACEHOLDER;
    this.makers.set(key, make);
  }

  /** The record, with nothing owed left in it. */
  record(): Record<string, Counts> {
    if (this.waiting !== null) {
      // Given up only once the record holds every entry: a maker that threw leaves it to retry.
      for (const [key, entry] of this.waiting)
        this.counts[key] = typeof entry === 'function' ? entry() : entry;
      this.waiting = null;
    }
    for (const [key, make] of this.makers) this.settled(key, make());
    return this.counts;
  }

  /** How to make the counts of `key` as they are now, without making them. */
  maker(key: string): (() => Counts) | undefined {
    const entry = this.waiting?.get(key) ?? this.makers.get(key) ?? this.counts[key];
    return entry === undefined || typeof entry === 'function' ? entry : () => entry;
  }

  /** The counts of `key` when they are made (not owed), without filling the record. */
  made(key: string): Counts | undefined {
    const entry = this.waiting !== null ? this.waiting.get(key) : this.counts[key];
    return typeof entry === 'function' || this.makers.has(key) ? undefined : entry;
  }

  /** Sets the counts of `key`, replacing any owed ones. */
  settled(key: string, counts: Counts): void {
    if (this.waiting !== null) {
      this.waiting.set(key, counts);
      return;
    }
    this.makers.delete(key);
    this.counts[key] = counts;
  }

  /** Removes the entry of `key`, owed or made. */
  delete(key: string): void {
    if (this.waiting !== null) {
      this.waiting.delete(key);
      return;
    }
    this.makers.delete(key);
    delete this.counts[key];
  }
}
