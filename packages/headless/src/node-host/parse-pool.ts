/**
 * Parsing notes off the main thread while a big vault loads: a few worker threads running
 * parse-thread.ts, each sent batches of note texts and answering their packed metadata. The main
 * thread meanwhile reads files and resolves links, so on N cores N - 1 threads parse.
 * It never fails a batch: where no thread can start (a runtime without worker threads, a missing
 * thread file) or a thread dies, the batch is parsed in-process, and so is any note a thread
 * handed back unparsed (frontmatter a copy between threads might change). A thread keeps the
 * process alive only while it has batches to answer, and `close` terminates them (the build
 * ends, or the host is closing).
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { parseNote, type PackedMetadata } from '@mcp-connector/markdown/vault';
import { threadUrl } from './thread-url.ts';

export interface ParseRequest {
  id: number;
  texts: string[];
}

export interface ParseAnswer {
  id: number;
  packed: (PackedMetadata | null)[];
}

interface Job {
  texts: string[];
  done: (packed: PackedMetadata[]) => void;
}

interface Thread {
  worker: Worker;
  jobs: Map<number, Job>;
}

export const PARSE_THREAD_URL = threadUrl('parse-thread');

/** One thread per core but the main thread's, at least one. */
export function defaultParseThreads(): number {
  return Math.max(1, availableParallelism() - 1);
}

export class ParsePool {
  private readonly threads: Thread[] = [];
  private nextId = 0;
  private closed = false;
  /** Notes a thread parsed (not those parsed in-process after all). */
  parsedInThreads = 0;

  constructor(count: number, threadUrl: URL = PARSE_THREAD_URL) {
    for (let i = 0; i < count; i++) {
      const thread = this.startThread(threadUrl);
      if (thread === null) break;
      this.threads.push(thread);
    }
  }

  /** How many threads are parsing (0: every batch is parsed in-process). */
  get size(): number {
    return this.threads.length;
  }

  /** The packed metadata of each text, in order. */
  parse(texts: string[]): Promise<PackedMetadata[]> {
    const thread = this.leastBusy();
    if (thread === undefined) return Promise.resolve(texts.map(parseNote));
    const id = this.nextId++;
    return new Promise((done) => {
      if (thread.jobs.size === 0) thread.worker.ref();
      thread.jobs.set(id, { texts, done });
      thread.worker.postMessage({ id, texts } satisfies ParseRequest);
    });
  }

  close(): void {
    this.closed = true;
    for (const thread of this.threads.splice(0)) void thread.worker.terminate();
  }

  private startThread(threadUrl: URL): Thread | null {
    let worker: Worker;
    try {
      worker = new Worker(threadUrl);
    } catch {
      return null;
    }
    worker.unref();
    const thread: Thread = { worker, jobs: new Map() };
    worker.on('message', ({ id, packed }: ParseAnswer) => {
      const job = thread.jobs.get(id);
      if (job === undefined) return;
      thread.jobs.delete(id);
      if (thread.jobs.size === 0) thread.worker.unref();
      this.parsedInThreads += packed.filter((note) => note !== null).length;
      job.done(packed.map((note, i) => note ?? parseNote(job.texts[i] as string)));
    });
    worker.on('error', () => this.lose(thread));
    worker.on('exit', () => this.lose(thread));
    return thread;
  }

  /** A thread died: its batches are parsed in-process, the others carry on. */
  private lose(thread: Thread): void {
    const at = this.threads.indexOf(thread);
    if (at !== -1) this.threads.splice(at, 1);
    if (this.closed) return;
    void thread.worker.terminate();
    const jobs = [...thread.jobs.values()];
    thread.jobs.clear();
    for (const job of jobs) job.done(job.texts.map(parseNote));
  }

  private leastBusy(): Thread | undefined {
    let best: Thread | undefined;
    for (const thread of this.threads)
      if (best === undefined || thread.jobs.size < best.jobs.size) best = thread;
    return best;
  }
}
