/**
 * A note's term counts as ranked search keeps them for every note it has tokenized: the term's
 * number in a dictionary shared by the notes, and its count, side by side in one Uint32Array
 * sorted by number. A `Map<string, number>` per note held about 3.5 KB for a note of 2 KB (its
 * hash table and entries), which at 100,000 notes was the biggest thing in the server's heap
 * (ADR-0048); this holds 8 bytes a distinct term, and each term's string once.
 */

/** term -> its number; shared by the term counts made with it. */
export class TermDictionary {
  private readonly numbers = new Map<string, number>();

  numberOf(term: string): number | undefined {
    return this.numbers.get(term);
  }

  numberFor(term: string): number {
    let number = this.numbers.get(term);
    if (number === undefined) {
      number = this.numbers.size;
      this.numbers.set(term, number);
    }
    return number;
  }
}

export class TermCounts {
  private constructor(
    private readonly dictionary: TermDictionary,
    /** term number, count, term number, count, ... by term number. */
    private readonly pairs: Uint32Array,
  ) {}

  /** Counts `counted` (term -> count; counts are whole numbers) with the dictionary's numbers. */
  static of(dictionary: TermDictionary, counted: ReadonlyMap<string, number>): TermCounts {
    const numbered: [number, number][] = [];
    for (const [term, count] of counted) numbered.push([dictionary.numberFor(term), count]);
    numbered.sort((a, b) => a[0] - b[0]);
    const pairs = new Uint32Array(numbered.length * 2);
    numbered.forEach(([number, count], i) => {
      pairs[i * 2] = number;
      pairs[i * 2 + 1] = count;
    });
    return new TermCounts(dictionary, pairs);
  }

  get size(): number {
    return this.pairs.length / 2;
  }

  has(term: string): boolean {
    return this.get(term) !== undefined;
  }

  get(term: string): number | undefined {
    const number = this.dictionary.numberOf(term);
    if (number === undefined) return undefined;
    let low = 0;
    let high = this.pairs.length / 2 - 1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      const found = this.pairs[middle * 2] as number;
      if (found === number) return this.pairs[middle * 2 + 1];
      if (found < number) low = middle + 1;
      else high = middle - 1;
    }
    return undefined;
  }
}
