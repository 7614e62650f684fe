/**
 * The stats of the files the start-up scan listed (vault-scan.ts): for a big vault in a worker
 * thread (stat-thread.ts), while the main thread reads the metadata cache, which on two cores
 * takes 100,000 lstats (about a third of a second) off the main thread's warm start; for a small
 * one, or where no thread starts, in-process, a batch per turn of the event loop.
 * Stats travel as numbers, STAT_FIELDS a file, as FileStat has them: size (-1 when the file is
 * gone since it was listed), mtime and ctime in whole milliseconds.
 */
import type { FileStat } from '@mcp-connector/obsidian-plugin/host';
import { lstatSync, type Stats } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { nextTurn } from './next-turn.ts';
import { threadUrl } from './thread-url.ts';

export const STAT_FIELDS = 3;
/** From this many files on, their stats are taken in a thread. */
const STAT_THREAD_FROM = 2000;
/** Files whose stat is taken in-process between two turns of the event loop. */
const STAT_BATCH = 256;

export const STAT_THREAD_URL = threadUrl('stat-thread');

export interface StatRequest {
  root: string;
  diskPaths: string[];
}

/** Fills `stats` with the stats of diskPaths[from] up to diskPaths[to] (not included). */
export function takeStats(
  root: string,
  diskPaths: readonly string[],
  stats: Float64Array,
  from = 0,
  to = diskPaths.length,
): void {
  for (let i = from; i < to; i++) {
    const found = lstatOrUndefined(`${root}/${diskPaths[i]}`);
    const at = i * STAT_FIELDS;
    if (found === undefined) {
      stats[at] = -1;
      continue;
    }
    const stat = toFileStat(found);
    stats[at] = stat.size;
    stats[at + 1] = stat.mtime;
    stats[at + 2] = stat.ctime;
  }
}

/** Gone, or unreadable (a part of the path no longer a folder, no permission): not listed. */
function lstatOrUndefined(absolute: string): Stats | undefined {
  try {
    return lstatSync(absolute, { throwIfNoEntry: false });
  } catch {
    return undefined;
  }
}

/** The stat of file `i` of `stats`; null when it was gone. */
export function statAt(stats: Float64Array, i: number): FileStat | null {
  const at = i * STAT_FIELDS;
  const size = stats[at] as number;
  return size < 0 ? null : { size, mtime: stats[at + 1] as number, ctime: stats[at + 2] as number };
}

/** The stats of these files (STAT_FIELDS numbers each). */
export async function statFiles(
  root: string,
  diskPaths: string[],
  { threadFrom = STAT_THREAD_FROM, threadUrl = STAT_THREAD_URL } = {},
): Promise<Float64Array> {
  if (diskPaths.length >= threadFrom) {
    const fromThread = await statInThread(threadUrl, { root, diskPaths });
    if (fromThread !== null) return fromThread;
  }
  const stats = new Float64Array(diskPaths.length * STAT_FIELDS);
  for (let from = 0; from < diskPaths.length; from += STAT_BATCH) {
    await nextTurn(); // requests (and a close) get their turn between batches
    takeStats(root, diskPaths, stats, from, Math.min(from + STAT_BATCH, diskPaths.length));
  }
  return stats;
}

/** The stats taken by a thread; null when none could start or it died before answering. */
export function statInThread(threadUrl: URL, request: StatRequest): Promise<Float64Array | null> {
  let worker: Worker;
  try {
    worker = new Worker(threadUrl);
  } catch {
    return Promise.resolve(null);
  }
  return new Promise((resolve) => {
    const end = (stats: Float64Array | null) => {
      resolve(stats);
      void worker.terminate();
    };
    worker.once('message', (stats: Float64Array) => end(stats));
    worker.once('error', () => end(null));
    worker.once('exit', () => end(null));
    worker.postMessage(request);
  });
}

export function toFileStat(stats: {
  birthtimeMs: number;
  ctimeMs: number;
  mtimeMs: number;
  size: number;
}): FileStat {
  const created = stats.birthtimeMs > 0 ? stats.birthtimeMs : stats.ctimeMs;
  return { ctime: Math.round(created), mtime: Math.round(stats.mtimeMs), size: stats.size };
}
