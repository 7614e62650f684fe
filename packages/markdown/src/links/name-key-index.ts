/**
 * Which sources hold a link with a given name key (linktext.ts's `nameKey`), so that a file
 * appearing, going or moving re-resolves only them. The index lives in a few typed arrays, not
 * in a Map from key strings to arrays of sources. At 100,000 notes and 820,000 links, that Map
 * made 105,000 strings and arrays among the build's garbage. After a full collection, the build
 * still held about 20 MB more RSS with it than with these arrays (ADR-0025).
 *
 * Keys are held as 32-bit hashes, chained per bucket. A lookup may also name a source whose key
 * only shares the hash; re-resolving that source changes nothing. A lookup never misses a
 * source holding the key.
 */

const NONE = -1;
const INITIAL_CAPACITY = 1024;

/** FNV-1a over the key's UTF-16 code units. */
function hashOf(key: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ key.charCodeAt(i), 0x01000193);
  return hash | 0;
}

function grown(array: Int32Array, length: number): Int32Array {
  const bigger = new Int32Array(length);
  bigger.set(array);
  return bigger;
}

export class NameKeyIndex {
  /** bucket -> its first entry */
  private heads: Int32Array = new Int32Array(INITIAL_CAPACITY).fill(NONE);
  /** Per entry: the key's hash, the next entry in its bucket (or free list), its source's id. */
  private hashes: Int32Array = new Int32Array(INITIAL_CAPACITY);
  private next: Int32Array = new Int32Array(INITIAL_CAPACITY);
  private owners: Int32Array = new Int32Array(INITIAL_CAPACITY);
  /** Entries ever taken (the rest of the arrays is unused), live ones, and the free list. */
  private taken = 0;
  private live = 0;
  private freed = NONE;
  /** A source's id while it holds an entry, and per id its path and how many entries it has. */
  private readonly ids = new Map<string, number>();
  private readonly sources: (string | null)[] = [];
  private entriesOf: Int32Array = new Int32Array(INITIAL_CAPACITY);
  private readonly freeIds: number[] = [];

  /**
   * Files `source` under each key, once per key however often it is given. A source's keys are
   * added in one call, after `remove` took out its old ones.
   */
  add(source: string, keys: Iterable<string>): void {
    let id: number | undefined;
    for (const key of keys) {
      id ??= this.idOf(source);
      const hash = hashOf(key);
      if (!this.addedJustNow(hash, id)) this.insert(hash, id);
    }
  }

  /** Takes `source` out from under each of these keys (pass all it was filed under). */
  remove(source: string, keys: Iterable<string>): void {
    const id = this.ids.get(source);
    if (id === undefined) return;
    for (const key of keys) this.unlink(hashOf(key), id);
    if (this.entriesOf[id] === 0) this.releaseId(source, id);
  }

  /** The sources filed under `key`, and maybe a few under another key with the same hash. */
  sourcesOf(key: string): string[] {
    const hash = hashOf(key);
    const found: string[] = [];
    for (let entry = this.headOf(hash); entry !== NONE; entry = this.next[entry] as number) {
      if (this.hashes[entry] === hash) found.push(this.sources[this.owners[entry] as number] ?? '');
    }
    return found;
  }

  private headOf(hash: number): number {
    return this.heads[hash & (this.heads.length - 1)] as number;
  }

  /**
   * Whether this `add` already filed the source under the hash. What it filed is at the head of
   * its buckets, so only that run of the source's own entries is looked at: a key that 100,000
   * notes link to would otherwise cost a walk past all of them for each one added.
   */
  private addedJustNow(hash: number, id: number): boolean {
    for (let entry = this.headOf(hash); entry !== NONE; entry = this.next[entry] as number) {
      if (this.owners[entry] !== id) return false;
      if (this.hashes[entry] === hash) return true;
    }
    return false;
  }

  private insert(hash: number, id: number): void {
    if (this.live >= this.heads.length) this.rehash(this.heads.length * 2);
    const entry = this.takeEntry();
    const bucket = hash & (this.heads.length - 1);
    this.hashes[entry] = hash;
    this.owners[entry] = id;
    this.next[entry] = this.heads[bucket] as number;
    this.heads[bucket] = entry;
    this.live++;
    this.entriesOf[id] = (this.entriesOf[id] as number) + 1;
  }

  /** Removes the source's entries with this hash (one per key it was filed under). */
  private unlink(hash: number, id: number): void {
    const bucket = hash & (this.heads.length - 1);
    let previous = NONE;
    let entry = this.heads[bucket] as number;
    while (entry !== NONE) {
      const following = this.next[entry] as number;
      if (this.hashes[entry] === hash && this.owners[entry] === id) {
        if (previous === NONE) this.heads[bucket] = following;
        else this.next[previous] = following;
        this.next[entry] = this.freed;
        this.owners[entry] = NONE;
        this.freed = entry;
        this.live--;
        this.entriesOf[id] = (this.entriesOf[id] as number) - 1;
      } else previous = entry;
      entry = following;
    }
  }

  private takeEntry(): number {
    if (this.freed !== NONE) {
      const entry = this.freed;
      this.freed = this.next[entry] as number;
      return entry;
    }
    if (this.taken === this.hashes.length) {
      const length = this.hashes.length * 2;
      this.hashes = grown(this.hashes, length);
      this.next = grown(this.next, length);
      this.owners = grown(this.owners, length);
    }
    return this.taken++;
  }

  /** Spreads the live entries over `buckets` buckets (a power of two). */
  private rehash(buckets: number): void {
    this.heads = new Int32Array(buckets).fill(NONE);
    for (let entry = 0; entry < this.taken; entry++) {
      if (this.owners[entry] === NONE) continue;
      const bucket = (this.hashes[entry] as number) & (buckets - 1);
      this.next[entry] = this.heads[bucket] as number;
      this.heads[bucket] = entry;
    }
  }

  private idOf(source: string): number {
    let id = this.ids.get(source);
    if (id !== undefined) return id;
    id = this.freeIds.pop() ?? this.sources.length;
    if (id === this.sources.length) this.sources.push(source);
    else this.sources[id] = source;
    if (id >= this.entriesOf.length)
      this.entriesOf = grown(this.entriesOf, this.entriesOf.length * 2);
    this.entriesOf[id] = 0;
    this.ids.set(source, id);
    return id;
  }

  private releaseId(source: string, id: number): void {
    this.ids.delete(source);
    this.sources[id] = null;
    this.freeIds.push(id);
  }
}
