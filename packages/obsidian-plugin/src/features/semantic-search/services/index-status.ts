/**
 * An index's status as its callers see it: its state, how far the build is (notes indexed out of
 * notes listed, with the notes still queued counted in), the pace measured over the last
 * seconds and the time left at that pace (which is also the retry delay a client is given),
 * and what the store found at start (corrupt segments rebuilt, dirty ones finished).
 */
import type { RateMeter } from './rate-meter.ts';
import type { SegmentStore } from './segment-store.ts';

export type IndexState = 'idle' | 'building' | 'ready' | 'failed';

export interface IndexStatus {
  providerId: string;
  state: IndexState;
  filesIndexed: number;
  filesTotal: number;
  percent: number;
  /** Seconds until the build should be done at that pace (10 before the first batch). */
  retryAfterSeconds: number;
  /** Notes per second over the last 30 s of the build (0 before the first batch, or not building). */
  notesPerSecond: number;
  chunks: number;
  error: string | null;
  /** Segments found corrupt at start and rebuilt. */
  rebuiltSegments: number[];
  /** Segments found dirty at start (saved while notes of theirs were still queued), then finished. */
  dirtySegments: number[];
}

/** The initial pass: when it started, how many notes it has done, how many the host listed. */
export interface BuildPass {
  startedAt: number;
  processed: number;
  listed: number;
  /** Notes processed, over time. */
  meter: RateMeter;
}

export interface StatusParts {
  providerId: string;
  state: IndexState;
  error: string | null;
  pass: BuildPass;
  /** Notes queued or being processed. */
  pending: number;
  store: SegmentStore | null;
}

export function statusOf(parts: StatusParts): IndexStatus {
  const { state, pass, pending, store } = parts;
  const building = state === 'building' || state === 'idle';
  const filesTotal = building ? Math.max(pass.listed, pass.processed + pending) : noteCount(store);
  const filesIndexed = building ? pass.processed : filesTotal;
  return {
    providerId: parts.providerId,
    state,
    filesIndexed,
    filesTotal,
    percent:
      filesTotal === 0 ? (building ? 0 : 100) : Math.floor((100 * filesIndexed) / filesTotal),
    retryAfterSeconds: building ? secondsLeft(pass, pending) : 0,
    notesPerSecond: building ? rateOf(pass) : 0,
    chunks: store?.chunkCount ?? 0,
    error: parts.error,
    rebuiltSegments: store?.report.rebuilt.map((entry) => entry.segment) ?? [],
    dirtySegments: store?.report.dirty ?? [],
  };
}

function noteCount(store: SegmentStore | null): number {
  let count = 0;
  for (const _path of store?.paths() ?? []) count++;
  return count;
}

function rateOf(pass: BuildPass): number {
  if (pass.processed === 0) return 0;
  const rate = pass.meter.perSecond();
  return rate === null || rate <= 0 ? 0 : Math.round(rate * 10) / 10;
}

/** Seconds until the pass should be done at its measured pace (10 before the first batch). */
function secondsLeft(pass: BuildPass, pending: number): number {
  const rate = rateOf(pass);
  if (rate === 0) return 10;
  return Math.max(1, Math.ceil(pending / rate));
}
