/**
 * Keeps the k best-scoring items seen so far, best first. Items that cannot enter (most of
 * them, in a scan) cost one comparison; an entering one is inserted in place.
 */
export class TopK<T> {
  private readonly items: T[] = [];
  private readonly scores: number[] = [];

  constructor(private readonly k: number) {}

  /** Whether an item with this score would be kept (lets callers skip building it). */
  accepts(score: number): boolean {
    return this.items.length < this.k || score > (this.scores[this.scores.length - 1] as number);
  }

  offer(item: T, score: number): void {
    if (this.k <= 0 || !this.accepts(score)) return;
    let index = this.scores.length;
    while (index > 0 && (this.scores[index - 1] as number) < score) index--;
    this.items.splice(index, 0, item);
    this.scores.splice(index, 0, score);
    if (this.items.length > this.k) {
      this.items.pop();
      this.scores.pop();
    }
  }

  best(): T[] {
    return [...this.items];
  }
}
