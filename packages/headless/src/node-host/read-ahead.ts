/**
 * Brings the files a cold build reads next into the system's page cache while the build works
 * on the ones before, when its own reads turn out to wait on the disk (after a reboot, or once
 * the system has let the notes go). The build reads each file with one synchronous call on its
 * own thread, the quickest way for cached files, but then waits out the disk's latency a file at
 * a time; a thread of its own (read-ahead-thread.ts) reads several at once, so those waits
 * overlap (20,000 of the generated notes from the disk: 1.75 s one at a time, 0.60 s eight at a
 * time). What it reads is thrown away: the build still reads every file itself, through its own
 * checks, and this only decides how long that takes.
 *
 * The build tells how long its reads of each batch took (`batchRead`). The thread starts after a
 * few slow batches in a row and is asked for FILES_AHEAD files at a time; the build's first batch
 * past them, read without it, tells whether the disk is still slow (then the next files are asked
 * for) or the files are cached after all (then nothing more is, until reads are slow again). For
 * a vault in the page cache this is a timing per read and nothing else.
 */
import { Worker } from 'node:worker_threads';
import type { ReadAheadDone, ReadAheadStart, ReadAheadUntil } from './read-ahead-thread.ts';
import type { ScannedFile } from './vault-scan.ts';
import { threadUrl } from './thread-url.ts';

/** Reads slower than this on average (ms a file) wait on the disk; cached ones take ~0.01 ms. */
export const SLOW_READ_MS = 0.03;
/**
 * Batches in a row whose reads were slow before the thread starts: the first reads of a start
 * are slow whatever the disk (code not yet optimised), and a collection can pause any batch.
 */
const SLOW_BATCHES = 3;
/** How many files past the build's last read are asked for at once. */
const FILES_AHEAD = 2048;

export const READ_AHEAD_THREAD_URL = threadUrl('read-ahead-thread');

export class ReadAhead {
  private thread: Worker | null = null;
  /** The build asked for the files up to here. */
  private until = 0;
  /** No thread could start, or it was closed: nothing more is asked for. */
  private failed = false;
  private slowInARow = 0;

  /** What the thread last said when it had read all it was asked for. */
  private done: ReadAheadDone = { broughtIn: 0, until: 0 };
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly root: string,
    private readonly files: readonly ScannedFile[],
    private readonly options: { filesAhead?: number; threadUrl?: URL } = {},
  ) {}

  /**
   * The build read `count` files, up to (not including) the one at `readTo` in `files`, in `ms`.
   * Past the files asked for, SLOW_BATCHES slow batches in a row (then, once the thread runs,
   * one) ask for the next FILES_AHEAD.
   */
  batchRead(readTo: number, count: number, ms: number): void {
    // Reads of files asked for are quick because of it: they say nothing of the disk.
    if (readTo <= this.until || count === 0) return;
    this.slowInARow = ms / count >= SLOW_READ_MS ? this.slowInARow + 1 : 0;
    // Once the disk has been found slow, one slow batch past a window asks for the next.
    if (this.slowInARow < (this.thread === null ? SLOW_BATCHES : 1)) return;
    const thread = this.started();
    if (thread === null) return;
    this.until = Math.min(this.files.length, readTo + (this.options.filesAhead ?? FILES_AHEAD));
    thread.postMessage({ readTo, until: this.until } satisfies ReadAheadUntil);
  }

  /** Whether a thread was started and is not closed. */
  get running(): boolean {
    return this.thread !== null;
  }

  /**
   * How many files the thread has read, once it has read all it was asked for (at once when no
   * thread runs). For tests and measurements; the build never waits for it.
   */
  settled(): Promise<number> {
    return new Promise((resolve) => {
      this.waiting.push(() => resolve(this.done.broughtIn));
      this.wakeWhenSettled();
    });
  }

  /** Ends the thread, reads in flight or not. */
  close(): void {
    void this.thread?.terminate();
    this.thread = null;
    this.failed = true;
    this.wakeWhenSettled();
  }

  private wakeWhenSettled(): void {
    if (this.thread === null || this.done.until >= this.until)
      for (const wake of this.waiting.splice(0)) wake();
  }

  private started(): Worker | null {
    if (this.thread !== null || this.failed) return this.thread;
    let thread: Worker;
    try {
      thread = new Worker(this.options.threadUrl ?? READ_AHEAD_THREAD_URL);
    } catch {
      this.failed = true;
      return null;
    }
    this.thread = thread;
    thread.unref(); // never what keeps the process up
    thread.on('error', () => this.close());
    thread.on('exit', () => this.close());
    thread.on('message', (done: ReadAheadDone) => {
      this.done = done;
      this.wakeWhenSettled();
    });
    const start: ReadAheadStart = {
      root: this.root,
      diskPaths: this.files.map((file) => file.diskPath),
      sizes: this.files.map((file) => file.stat.size),
    };
    thread.postMessage(start);
    return thread;
  }
}
