/**
 * The progress of a NodeHost's index build, as clients and the terminal see it: the phase, notes
 * done of the total, how many came from the metadata cache, and a guess at the time left (from
 * the rate so far, once a few hundred notes are done). `ready` settles when the build ends.
 */
import {
  withoutPaths,
  type IndexStatus,
  type VaultIndexing,
} from '@mcp-connector/obsidian-plugin/host';

const ETA_AFTER_NOTES = 200;

export class IndexProgress implements VaultIndexing {
  private phase: 'scanning' | 'indexing' = 'scanning';
  private state: IndexStatus['state'] = 'building';
  private done = 0;
  private total: number | null = null;
  private fromCache = 0;
  private parsedInThreads = 0;
  private error: string | undefined;
  private readonly startedAt = performance.now();
  private indexingSince = 0;
  private finishedAt: number | null = null;
  private readonly settled: Promise<void>;
  private settle!: (error: Error | null) => void;

  constructor() {
    this.settled = new Promise<void>((resolve, reject) => {
      this.settle = (error) => (error === null ? resolve() : reject(error));
    });
    this.settled.catch(() => undefined); // a failure is reported by whoever awaits `ready`
  }

  startIndexing(total: number): void {
    this.phase = 'indexing';
    this.total = total;
    this.indexingSince = performance.now();
  }

  /** Hears each note indexed, with the total (a progress line on a terminal). */
  onNote: ((done: number, total: number) => void) | null = null;

  noteDone(fromCache: boolean): void {
    this.done++;
    if (fromCache) this.fromCache++;
    this.onNote?.(this.done, this.total ?? this.done);
  }

  /** Of the notes done, how many worker threads parsed. */
  threadsParsed(count: number): void {
    this.parsedInThreads = count;
  }

  finish(error: Error | null = null): void {
    if (this.finishedAt !== null) return;
    this.finishedAt = performance.now();
    this.state = error === null ? 'ready' : 'failed';
    // Clients read the reason: no path of the machine in it.
    if (error !== null) this.error = withoutPaths(error.message);
    this.settle(error);
  }

  ready(): Promise<void> {
    return this.settled;
  }

  status(): IndexStatus {
    const now = this.finishedAt ?? performance.now();
    return {
      state: this.state,
      ...(this.state === 'building' && { phase: this.phase }),
      done: this.done,
      total: this.total,
      fromCache: this.fromCache,
      ...(this.parsedInThreads > 0 && { parsedInThreads: this.parsedInThreads }),
      elapsedMs: Math.round(now - this.startedAt),
      etaMs: this.state === 'building' ? this.eta(now) : null,
      ...(this.error !== undefined && { error: this.error }),
    };
  }

  private eta(now: number): number | null {
    if (this.total === null || this.done < ETA_AFTER_NOTES) return null;
    const perNote = (now - this.indexingSince) / this.done;
    return Math.round(perNote * (this.total - this.done));
  }
}
