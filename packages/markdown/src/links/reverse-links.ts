/**
 * The reverse of `resolvedLinks`: target path -> the sources linking to it, kept current with the
 * forward record by its owner (LinkIndex), so a file's backlinks cost its backlinks, not a pass
 * over every source (75 ms of CPU at 100,000 notes, ADR-0044). Only the sources are held (an
 * array per target, a note's few backlinks in a few pointers); the counts stay in the forward
 * record, read when asked.
 */
type Counts = Readonly<Record<string, number>>;

export class ReverseLinks {
  private readonly sourcesByTarget = new Map<string, string[]>();

  /** `source`'s resolved counts went from `before` to `after` (either empty or absent). */
  replace(source: string, before: Counts | undefined, after: Counts | undefined): void {
    if (before === after) return;
    for (const target in before) if (after?.[target] === undefined) this.remove(target, source);
    for (const target in after) if (before?.[target] === undefined) this.add(target, source);
  }

  /** The sources linking to `target`, each with its count in `forward` (the resolved record). */
  countsOf(
    target: string,
    forward: (source: string) => Counts | undefined,
  ): Record<string, number> {
    const counts: Record<string, number> = {};
    for (const source of this.sourcesByTarget.get(target) ?? []) {
      const count = forward(source)?.[target];
      if (count !== undefined) counts[source] = count;
    }
    return counts;
  }

  /** `source` links to `target` (the caller knows it was not in the map yet). */
  add(target: string, source: string): void {
    const sources = this.sourcesByTarget.get(target);
    if (sources === undefined) this.sourcesByTarget.set(target, [source]);
    else sources.push(source);
  }

  private remove(target: string, source: string): void {
    const sources = this.sourcesByTarget.get(target);
    if (sources === undefined) return;
    const at = sources.indexOf(source);
    if (at === -1) return;
    // Order is no promise (callers sort): the last source takes the removed one's place.
    sources[at] = sources[sources.length - 1] as string;
    sources.pop();
    if (sources.length === 0) this.sourcesByTarget.delete(target);
  }
}
