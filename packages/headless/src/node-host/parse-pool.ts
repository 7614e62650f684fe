/**
 * Parsing notes off the main thread while a big vault loads: a few worker threads running
 * parse-thread.ts, each sent batches of note texts and answering their packed metadata, or
 * batches of note files that they read, hash and parse (`readAndParse`: a cold build's notes, so
 * the main thread neither reads them nor copies their texts out). The main thread meanwhile
 * resolves links, so on N cores N - 1 threads parse.
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
import { readNote, type ReadNote } from './read-note.ts';

/** Texts to parse, or (with `files`, absolute paths) files to read and parse. */
export type ParseRequest = { id: number; texts: string[]; files?: undefined } | ReadRequest;

export interface ReadRequest {
  id: number;
  files: string[];
}

export interface ParseAnswer {
  id: number;
  packed: (PackedMetadata | null)[];
}

/** A note a thread read: its metadata null when the main thread must parse it (see above). */
export type ThreadNote = ReadNote<PackedMetadata | null>;

export interface ReadAnswer {
  id: number;
  /** Null for a file gone or unreadable since the scan. */
  notes: (ThreadNote | null)[];
  /** How long the reads took (not the parses). */
  readMs: number;
}

/** What `readAndParse` gives: each file's note (null: unreadable), and how long reads took. */
export interface ReadBatch {
  notes: (ReadNote | null)[];
  readMs: number;
}

/** A batch sent to a thread: `finish` takes its answer, or null when the thread was lost. */
interface Job {
  finish: (answer: ParseAnswer | ReadAnswer | null) => void;
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
    return this.send({ id: 0, texts }, (answer) => {
      if (answer === null) return texts.map(parseNote);
      const { packed } = answer as ParseAnswer;
      this.parsedInThreads += packed.filter((note) => note !== null).length;
      return packed.map((note, i) => note ?? parseNote(texts[i] as string));
    });
  }

  /** Each file (an absolute path) read and parsed, in order. */
  readAndParse(files: string[]): Promise<ReadBatch> {
    return this.send({ id: 0, files }, (answer) => {
      if (answer === null) return readHere(files);
      const { notes, readMs } = answer as ReadAnswer;
      this.parsedInThreads += notes.filter((note) => note?.packed != null).length;
      const read = notes.map((note) =>
        note === null ? null : { ...note, packed: note.packed ?? parseNote(note.text) },
      );
      return { notes: read, readMs };
    });
  }

  /** Sends the request to the least busy thread; `answered` makes the result of its answer. */
  private send<T>(
    request: ParseRequest,
    answered: (answer: ParseAnswer | ReadAnswer | null) => T,
  ): Promise<T> {
    const thread = this.leastBusy();
    if (thread === undefined) return Promise.resolve(answered(null));
    const id = this.nextId++;
    return new Promise((done) => {
      if (thread.jobs.size === 0) thread.worker.ref();
      thread.jobs.set(id, { finish: (answer) => done(answered(answer)) });
      thread.worker.postMessage({ ...request, id } satisfies ParseRequest);
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
    worker.on('message', (answer: ParseAnswer | ReadAnswer) => {
      const job = thread.jobs.get(answer.id);
      if (job === undefined) return;
      thread.jobs.delete(answer.id);
      if (thread.jobs.size === 0) thread.worker.unref();
      job.finish(answer);
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
    for (const job of jobs) job.finish(null);
  }

  private leastBusy(): Thread | undefined {
    let best: Thread | undefined;
    for (const thread of this.threads)
      if (best === undefined || thread.jobs.size < best.jobs.size) best = thread;
    return best;
  }
}

/** Files read and parsed on this thread (no thread runs, or it was lost). */
export function readHere(files: readonly string[]): ReadBatch {
  const reads = { ms: 0 };
  return { notes: files.map((file) => readNote(file, reads)), readMs: reads.ms };
}
