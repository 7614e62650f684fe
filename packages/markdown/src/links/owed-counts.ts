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
 *
 * An owed entry can walk its targets without being made (`eachTarget`): counts restored from the
 * metadata cache are pairs of ints there, and the reverse map read 100,000 notes' targets that
 * way instead of making an object of each (ADR-0055).
 */
type Counts = Record<string, number>;

const PLACEHOLDER: Counts = Object.freeze(Object.create(null) as Counts);

/** Counts owed: made when read. */
export abstract class Owed {
  abstract make(): Counts;

  /** Each key the counts have, without keeping them made (an owner that can, skips making them). */
  eachTarget(visit: (target: string) => void): void {
    for (const target in this.make()) visit(target);
  }
}

class MadeBy extends Owed {
  constructor(private readonly maker: () => Counts) {
    super();
  }

  make(): Counts {
    return this.maker();
  }
}

type Entry = Counts | Owed;

export class OwedCounts {
  /** Every entry in key order, made or owed (its maker), until the record is first asked for. */
  private waiting: Map<string, Entry> | null = new Map();
  private readonly makers = new Map<string, Owed>();

  /** `counts` is the record handed out, empty: it is filled when first asked for. */
  constructor(private readonly counts: Record<string, Counts>) {}

  /** Owes `key` the counts `make` returns (or `make.make()`). */
  owe(key: string, make: (() => Counts) | Owed): void {
    const owed = make instanceof Owed ? make : new MadeBy(make);
    if (this.waiting !== null) {
      this.waiting.set(key, owed);
      return;
    }
    this.counts[key] = PLACEHOLDER;
    this.makers.set(key, owed);
  }

  /** The record, with nothing owed left in it. */
  record(): Record<string, Counts> {
    if (this.waiting !== null) {
      // Given up only once the record holds every entry: a maker that threw leaves it to retry.
      for (const [key, entry] of this.waiting)
        this.counts[key] = entry instanceof Owed ? entry.make() : entry;
      this.waiting = null;
    }
    for (const [key, owed] of this.makers) this.settled(key, owed.make());
    return this.counts;
  }

  /** How to make the counts of `key` as they are now, without making them. */
  maker(key: string): (() => Counts) | undefined {
    const entry = this.waiting?.get(key) ?? this.makers.get(key) ?? this.counts[key];
    if (entry === undefined) return undefined;
    return entry instanceof Owed ? () => entry.make() : () => entry;
  }

  /** The counts of `key` when they are made (not owed), without filling the record. */
  made(key: string): Counts | undefined {
    const entry = this.waiting !== null ? this.waiting.get(key) : this.counts[key];
    return entry instanceof Owed || this.makers.has(key) ? undefined : entry;
  }

  /** The owed counts of `key`, not made; undefined when they are made or absent. */
  owed(key: string): Owed | undefined {
    const entry = this.waiting !== null ? this.waiting.get(key) : this.makers.get(key);
    return entry instanceof Owed ? entry : undefined;
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
