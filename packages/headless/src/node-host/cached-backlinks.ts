/**
 * The reverse of the metadata cache's resolved counts, made from its ints before ready (ADR-0060):
 * every note's counts are pairs of a path index and a count in the cache's Int32 part, so one
 * pass counts the sources of each target, and a second puts the sources in one Int32Array, each
 * target's together (`starts[t]` to `starts[t + 1]`). At 100,000 notes that is two passes over
 * 800,000 ints, where a map of a JS array per target, filled a source at a time, took the first
 * get_backlinks of a warm start 477 ms of CPU (ADR-0055).
 * The map says what the cache's counts said: LinkIndex checks each source's counts as they are
 * now and holds the sources changed since in a map of its own.
 */
import type { RestoredBacklinks } from '@mcp-connector/markdown/links';

/** Ints a linked note takes in `linked`: its path's index, where its pairs start and end. */
const LINKED_INTS = 3;

export class CachedBacklinks implements RestoredBacklinks {
  /** Until the map is made: LINKED_INTS ints a note with counts. */
  private linked: Int32Array;
  private linkedCount = 0;
  /** Where each target's sources start in `sources`, and (last) their total; null until made. */
  private starts: Int32Array | null = null;
  private sources = new Int32Array(0);

  /**
   * `pairs` holds the counts of at most `notes` notes, `paths` the paths their ints index.
   */
  constructor(
    private readonly pairs: Int32Array,
    private readonly paths: readonly string[],
    notes: number,
  ) {
    this.linked = new Int32Array(notes * LINKED_INTS);
  }

  /**
   * The note at `source` in `paths` has its counts from `start` to `end` in `pairs`, checked to
   * be pairs of an index into `paths` and a count; before `make`.
   */
  add(source: number, start: number, end: number): void {
    const at = this.linkedCount * LINKED_INTS;
    this.linked[at] = source;
    this.linked[at + 1] = start;
    this.linked[at + 2] = end;
    this.linkedCount++;
  }

  /** Makes the map from the notes added; none is added after. */
  make(): void {
    const targets = this.paths.length;
    const starts = new Int32Array(targets + 1);
    this.eachPair((target) => (starts[target + 1] = (starts[target + 1] as number) + 1));
    for (let target = 0; target < targets; target++)
      starts[target + 1] = (starts[target + 1] as number) + (starts[target] as number);
    const next = starts.slice(0, targets);
    const sources = new Int32Array(starts[targets] as number);
    this.eachPair((target, source) => {
      const at = next[target] as number;
      sources[at] = source;
      next[target] = at + 1;
    });
    this.starts = starts;
    this.sources = sources;
    this.linked = new Int32Array(0);
    this.linkedCount = 0;
  }

  eachSource(target: string, visit: (source: string) => void): void {
    if (this.starts === null) this.make();
    const starts = this.starts as Int32Array;
    // A scan of the paths (about a ms at 100,000): a Map of them cost tens of ms to make.
    const at = this.paths.indexOf(target);
    if (at === -1) return;
    for (let i = starts[at] as number; i < (starts[at + 1] as number); i++)
      visit(this.paths[this.sources[i] as number] as string);
  }

  private eachPair(visit: (target: number, source: number) => void): void {
    const { linked, pairs } = this;
    for (let at = 0; at < this.linkedCount * LINKED_INTS; at += LINKED_INTS) {
      const source = linked[at] as number;
      const end = linked[at + 2] as number;
      for (let i = linked[at + 1] as number; i < end; i += 2) visit(pairs[i] as number, source);
    }
  }
}
