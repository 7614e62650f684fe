/**
 * The work queue that keeps one provider's index in step with the vault. Each batch reads a few
 * notes through the host, chunks and hashes them, embeds only chunks whose hash has no vector
 * yet (a changed note re-embeds its changed chunks, nothing else), updates the vector store and
 * the BM25 index, then waits a macrotask so the app never stalls for more than one model call.
 * While the model (in its worker) embeds one batch, the next batch's notes are read and chunked.
 * A segment is saved once none of its notes is still queued (or every `saveEveryMs` during a
 * long build, then marked dirty): the initial pass queues notes segment by segment, so a cold
 * build writes each segment about once, and an edit writes exactly one.
 */
import { setTimeout } from 'node:timers';
import type { VaultHost } from '../../../host/vault-host.ts';
import type { EmbeddingProvider } from '../providers/embedding-provider.ts';
import { chunkNote, type ChunkLimits, type NoteChunk } from './chunker.ts';
import { segmentOf } from './hashing.ts';
import type { LexicalIndex } from './lexical-index.ts';
import { reusableVectors, sameChunks, storedChunks } from './chunk-reuse.ts';
import type { SegmentStore } from './segment-store.ts';

export interface IndexerOptions {
  host: VaultHost;
  provider: EmbeddingProvider;
  store: SegmentStore;
  lexical: LexicalIndex;
  limits: ChunkLimits;
  saveEveryMs: number;
  /** Called after each batch with the number of notes it finished. */
  onBatch: (notes: number) => void;
}

/** Where the time goes, for the overhead target: the pipeline against the model itself. */
export interface IndexerStats {
  notes: number;
  chunksEmbedded: number;
  chunksReused: number;
  readMs: number;
  chunkMs: number;
  embedMs: number;
  storeMs: number;
  segmentWrites: number;
}

type Work = 'index' | 'remove';

interface Prepared {
  path: string;
  /** Null when the note is to be removed. */
  chunks: NoteChunk[] | null;
  vectors: (Float32Array | undefined)[];
}

const MAX_NOTES_PER_BATCH = 32;
/** Chunks a batch gathers, in model calls: enough to sort them into calls of like length. */
const MODEL_CALLS_PER_BATCH = 4;

export class Indexer {
  readonly stats: IndexerStats = {
    notes: 0,
    chunksEmbedded: 0,
    chunksReused: 0,
    readMs: 0,
    chunkMs: 0,
    embedMs: 0,
    storeMs: 0,
    segmentWrites: 0,
  };
  private readonly queue = new Map<string, Work>();
  private draining: Promise<void> | null = null;
  private closed = false;
  private lastSave = Date.now();
  /** Notes taken from the queue and not applied yet (a batch being embedded, one read ahead). */
  private readonly taken = new Map<string, number>();
  private takenCount = 0;

  constructor(private readonly options: IndexerOptions) {}

  /** Notes queued or in the batch being processed. */
  get pending(): number {
    return this.queue.size + this.takenCount;
  }

  enqueue(path: string, work: Work): void {
    this.queue.delete(path);
    this.queue.set(path, work);
  }

  /** Processes the queue until it is empty; concurrent callers share one run. */
  drain(): Promise<void> {
    this.draining ??= this.run().finally(() => {
      this.draining = null;
    });
    return this.draining;
  }

  /** Stops after the current batch and saves what is done. */
  async close(): Promise<void> {
    this.closed = true;
    await this.draining?.catch(() => undefined);
    const pending = this.pendingSegments();
    await this.save({ pending: (index) => pending.has(index) });
  }

  private async run(): Promise<void> {
    do {
      let upcoming: Promise<Prepared[]> | null = null;
      while ((upcoming !== null || this.queue.size > 0) && !this.closed) {
        const batch = await (upcoming ?? this.prepareBatch());
        upcoming = null;
        try {
          const embedding = this.embedMissing(batch);
          if (this.queue.size > 0) upcoming = this.prepareBatch(); // overlaps the model call
          await embedding;
          this.timed('storeMs', () => batch.forEach((prepared) => this.apply(prepared)));
        } catch (error) {
          this.requeue(batch, (await upcoming?.catch(() => [])) ?? []);
          throw error;
        } finally {
          this.release(batch);
        }
        await this.saveFinishedSegments();
        this.stats.notes += batch.length;
        this.options.onBatch(batch.length);
        await nextMacrotask();
      }
      if (upcoming !== null) this.requeue([], await upcoming); // closed meanwhile
      if (!this.closed) await this.save({});
    } while (this.queue.size > 0 && !this.closed);
  }

  /**
   * Puts the notes of batches that will not be applied back at the front of the queue: the
   * failed one (released by its caller) and the one read ahead of it.
   */
  private requeue(failed: Prepared[], readAhead: Prepared[]): void {
    this.release(readAhead);
    const taken = [...failed, ...readAhead];
    const rest = [...this.queue];
    this.queue.clear();
    for (const prepared of taken)
      this.queue.set(prepared.path, prepared.chunks === null ? 'remove' : 'index');
    for (const [path, work] of rest) this.queue.set(path, work);
  }

  private async prepareBatch(): Promise<Prepared[]> {
    const batch: Prepared[] = [];
    let missing = 0;
    const enough = this.options.provider.batchSize * MODEL_CALLS_PER_BATCH;
    while (batch.length < MAX_NOTES_PER_BATCH && missing < enough) {
      const next = this.queue.entries().next();
      if (next.done === true) break;
      const [path, work] = next.value;
      this.queue.delete(path);
      this.taken.set(path, (this.taken.get(path) ?? 0) + 1);
      this.takenCount++;
      const prepared = await this.prepare(path, work);
      missing += prepared.vectors.filter((vector) => vector === undefined).length;
      batch.push(prepared);
    }
    return batch;
  }

  private async prepare(path: string, work: Work): Promise<Prepared> {
    const previous = this.options.store.get(path);
    const text = work === 'index' ? await this.readNote(path) : null;
    if (text === null) return { path, chunks: null, vectors: [] };
    const chunks = this.timed('chunkMs', () => chunkNote(path, text, this.options.limits));
    const vectors = reusableVectors(previous, chunks, this.options.provider.dimensions);
    this.stats.chunksReused += vectors.filter((vector) => vector !== undefined).length;
    return { path, chunks, vectors };
  }

  private async readNote(path: string): Promise<string | null> {
    const file = this.options.host.getFile(path);
    if (file === null || file.extension !== 'md') return null;
    const started = performance.now();
    try {
      return await this.options.host.read(path);
    } catch {
      return null; // gone since it was queued: its removal is the right outcome
    } finally {
      this.stats.readMs += performance.now() - started;
    }
  }

  private async embedMissing(batch: Prepared[]): Promise<void> {
    const wanted: { prepared: Prepared; index: number; text: string }[] = [];
    for (const prepared of batch) {
      prepared.chunks?.forEach((chunk, index) => {
        if (prepared.vectors[index] === undefined)
          wanted.push({ prepared, index, text: chunk.text });
      });
    }
    // Texts of like length share a model call: a batch is padded to its longest text.
    wanted.sort((a, b) => a.text.length - b.text.length);
    const { provider } = this.options;
    for (let from = 0; from < wanted.length; from += provider.batchSize) {
      const slice = wanted.slice(from, from + provider.batchSize);
      const started = performance.now();
      const vectors = await provider.embed(
        slice.map((entry) => entry.text),
        'document',
      );
      this.stats.embedMs += performance.now() - started;
      this.stats.chunksEmbedded += slice.length;
      slice.forEach((entry, offset) => (entry.prepared.vectors[entry.index] = vectors[offset]));
      if (from + provider.batchSize < wanted.length) await nextMacrotask();
    }
  }

  private apply({ path, chunks, vectors }: Prepared): void {
    const { store, lexical, provider } = this.options;
    const previous = store.get(path); // now, not when prepared: a batch may have stored it since
    if (chunks === null) {
      store.delete(path);
      lexical.deleteNote(path);
      return;
    }
    lexical.setNote(
      path,
      chunks.map((chunk) => chunk.text),
    );
    const stored = storedChunks(chunks);
    if (previous !== undefined && sameChunks(previous.chunks, stored)) return;
    const all = new Float32Array(chunks.length * provider.dimensions);
    vectors.forEach((vector, index) =>
      all.set(vector as Float32Array, index * provider.dimensions),
    );
    store.put(path, { chunks: stored, vectors: all });
  }

  private release(batch: readonly Prepared[]): void {
    for (const { path } of batch) {
      const count = (this.taken.get(path) ?? 1) - 1;
      if (count > 0) this.taken.set(path, count);
      else this.taken.delete(path);
      this.takenCount--;
    }
  }

  private pendingSegments(): Set<number> {
    const pending = new Set<number>();
    for (const path of this.queue.keys()) pending.add(segmentOf(path));
    for (const path of this.taken.keys()) pending.add(segmentOf(path));
    return pending;
  }

  private async saveFinishedSegments(): Promise<void> {
    const pending = this.pendingSegments();
    const overdue = Date.now() - this.lastSave > this.options.saveEveryMs;
    await this.save({
      pending: (index) => pending.has(index),
      only: (index) => overdue || !pending.has(index),
    });
  }

  private async save(options: Parameters<SegmentStore['save']>[0]): Promise<void> {
    const started = performance.now();
    const written = await this.options.store.save(options);
    this.stats.storeMs += performance.now() - started;
    this.stats.segmentWrites += written.length;
    if (written.length > 0) this.lastSave = Date.now();
  }

  private timed<T>(key: 'chunkMs' | 'storeMs', work: () => T): T {
    const started = performance.now();
    try {
      return work();
    } finally {
      this.stats[key] += performance.now() - started;
    }
  }
}

function nextMacrotask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
