/**
 * One provider's searchable index of the vault: the segment store, the BM25 index and the
 * indexer that keeps both current. `start` opens the store, subscribes to vault events and runs
 * the initial pass (every note the host lists is read and checked against its stored hashes;
 * only missing chunks are embedded), after which the index is `ready` and follows edits,
 * debounced. Queries answer only when ready; the caller decides what to say meanwhile.
 */
import { clearTimeout, setTimeout } from 'node:timers';
import { join } from 'node:path';
import type { VaultEvent, VaultHost } from '../../../host/vault-host.ts';
import type { EmbeddingProvider } from '../providers/embedding-provider.ts';
import { DEFAULT_CHUNK_LIMITS, type ChunkLimits } from './chunker.ts';
import { segmentOf } from './hashing.ts';
import { Indexer, type IndexerStats } from './indexer.ts';
import { LexicalIndex } from './lexical-index.ts';
import { answerQuery, type IndexAnswer, type IndexQuery } from './index-query.ts';
import { statusOf, type BuildPass, type IndexState, type IndexStatus } from './index-status.ts';
import { RateMeter } from './rate-meter.ts';
import { SegmentStore } from './segment-store.ts';
import { VectorSearcher } from './vector-search.ts';

export interface SemanticIndexOptions {
  host: VaultHost;
  provider: EmbeddingProvider;
  /** The parent folder: this index lives in `<directory>/<provider id as a folder name>`. */
  directory: string;
  limits?: ChunkLimits;
  /** Quiet time after a vault event before re-indexing (edits come in bursts). */
  debounceMs?: number;
  /** During a long build, save unfinished segments at least this often. */
  saveEveryMs?: number;
  onStatus?: (status: IndexStatus) => void;
}

export class SemanticIndex {
  private state: IndexState = 'idle';
  private error: string | null = null;
  private store: SegmentStore | null = null;
  private indexer: Indexer | null = null;
  private searcher: VectorSearcher | null = null;
  private readonly lexical = new LexicalIndex();
  private building: Promise<void> | null = null;
  private closing = false;
  /** Queries still running: closing waits for them before it frees the model and the files. */
  private readonly queries = new Set<Promise<IndexAnswer>>();
  private unsubscribe: (() => void) | null = null;
  private debounce: ReturnType<typeof setTimeout> | null = null;
  private pass: BuildPass = { startedAt: 0, processed: 0, listed: 0, meter: new RateMeter() };
  private readonly listeners = new Set<(status: IndexStatus) => void>();

  constructor(private readonly options: SemanticIndexOptions) {
    if (options.onStatus !== undefined) this.listeners.add(options.onStatus);
  }

  get provider(): EmbeddingProvider {
    return this.options.provider;
  }

  get directory(): string {
    return join(this.options.directory, this.options.provider.id.replace(/[^a-zA-Z0-9.-]+/g, '_'));
  }

  get stats(): IndexerStats | null {
    return this.indexer?.stats ?? null;
  }

  /** Builds (or catches up) the index; resolves when it is ready or has failed. */
  start(): Promise<void> {
    if (this.state === 'idle' || this.state === 'failed') this.building = this.build();
    return this.building ?? Promise.resolve();
  }

  status(): IndexStatus {
    return statusOf({
      providerId: this.options.provider.id,
      state: this.state,
      error: this.error,
      pass: this.pass,
      pending: this.indexer?.pending ?? 0,
      store: this.store,
    });
  }

  /** Calls `listener` on every status change until the returned function is called. */
  watch(listener: (status: IndexStatus) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Whether this index ranks by keywords only (no model could run; see keyword-only.ts). */
  get keywordsOnly(): boolean {
    return this.options.provider.dimensions === 0;
  }

  async query(query: IndexQuery): Promise<IndexAnswer> {
    const { store, searcher } = this;
    if (this.state !== 'ready' || store === null || searcher === null)
      throw new Error('The index is not ready.');
    const answer = answerQuery(
      { provider: this.options.provider, store, searcher, lexical: this.lexical },
      this.keywordsOnly ? { ...query, mode: 'lexical' } : query,
    );
    this.queries.add(answer);
    const settled = () => this.queries.delete(answer);
    answer.then(settled, settled);
    return answer;
  }

  /**
   * Checks every listed note again while still answering queries: for changes no vault event
   * reports, such as a folder becoming hidden or visible. Unchanged notes cost a read and a hash.
   */
  async resync(): Promise<void> {
    if (this.state !== 'ready' || this.store === null || this.indexer === null) return;
    this.queueInitialPass(this.store, this.indexer, this.listedNotes());
    await this.catchUp();
  }

  /** Processes queued vault changes now instead of after the debounce (tests, shutdown). */
  async catchUp(): Promise<void> {
    if (this.debounce !== null) clearTimeout(this.debounce);
    this.debounce = null;
    if (this.state === 'ready') await this.drainAfterReady();
    else await this.building;
  }

  /** Stops indexing after the current batch and saves what is done. */
  async close(): Promise<void> {
    this.closing = true;
    this.unsubscribe?.();
    this.unsubscribe = null;
    if (this.debounce !== null) clearTimeout(this.debounce);
    await this.indexer?.close();
    await this.building?.catch(() => undefined);
    await this.indexer?.close(); // in case the build created it meanwhile
    // A query that began before the switch or shutdown still gets its answer.
    await Promise.allSettled([...this.queries]);
    await this.options.provider.dispose?.();
  }

  /** Closes and deletes this index from disk (the provider was switched away from). */
  async destroy(): Promise<void> {
    await this.close();
    await (this.store?.destroy() ?? Promise.resolve());
  }

  private async build(): Promise<void> {
    this.state = 'building';
    this.error = null;
    const notes = this.listedNotes();
    this.pass = {
      startedAt: Date.now(),
      processed: 0,
      listed: notes.length,
      meter: new RateMeter(30_000),
    };
    try {
      const { provider } = this.options;
      const keywordsOnly = provider.dimensions === 0;
      this.store ??= await SegmentStore.open(keywordsOnly ? null : this.directory, {
        providerId: provider.id,
        dimensions: provider.dimensions,
      });
      if (this.closing) {
        this.state = 'idle';
        return;
      }
      this.searcher ??= new VectorSearcher(this.store);
      this.indexer ??= this.newIndexer(this.store);
      this.unsubscribe ??= this.options.host.onEvent((event) => this.onVaultEvent(event));
      this.queueInitialPass(this.store, this.indexer, notes);
      this.emit();
      await this.indexer.drain();
      this.state = this.closing ? 'idle' : 'ready';
    } catch (error) {
      this.state = 'failed';
      this.error = error instanceof Error ? error.message : String(error);
    }
    this.emit();
  }

  private newIndexer(store: SegmentStore): Indexer {
    return new Indexer({
      host: this.options.host,
      provider: this.options.provider,
      store,
      lexical: this.lexical,
      limits: this.options.limits ?? DEFAULT_CHUNK_LIMITS,
      saveEveryMs: this.options.saveEveryMs ?? 5000,
      onBatch: (notes) => {
        if (this.state === 'building') {
          this.pass.processed += notes;
          this.pass.meter.add(notes);
        }
        this.emit();
      },
    });
  }

  private listedNotes(): string[] {
    return this.options.host
      .listFiles()
      .filter((file) => file.extension === 'md')
      .map((file) => file.path);
  }

  /** Every listed note, segment by segment; stored notes the host no longer lists are removed. */
  private queueInitialPass(store: SegmentStore, indexer: Indexer, notes: string[]): void {
    const listed = new Set(notes);
    for (const path of [...store.paths()]) if (!listed.has(path)) indexer.enqueue(path, 'remove');
    notes.sort((a, b) => segmentOf(a) - segmentOf(b) || (a < b ? -1 : 1));
    for (const path of notes) indexer.enqueue(path, 'index');
  }

  private onVaultEvent(event: VaultEvent): void {
    const { indexer } = this;
    if (indexer === null) return;
    if (event.kind === 'rename' && isNote(event.oldPath)) indexer.enqueue(event.oldPath, 'remove');
    if (!isNote(event.path)) return;
    indexer.enqueue(event.path, event.kind === 'delete' ? 'remove' : 'index');
    if (this.state !== 'ready') return; // the running pass picks it up
    if (this.debounce !== null) clearTimeout(this.debounce);
    this.debounce = setTimeout(() => {
      this.debounce = null;
      void this.drainAfterReady();
    }, this.options.debounceMs ?? 500);
  }

  private async drainAfterReady(): Promise<void> {
    try {
      await this.indexer?.drain();
    } catch (error) {
      this.state = 'failed';
      this.error = error instanceof Error ? error.message : String(error);
      this.emit();
    }
  }

  private emit(): void {
    if (this.listeners.size === 0) return;
    const status = this.status();
    for (const listener of this.listeners) listener(status);
  }
}

function isNote(path: string): boolean {
  return path.toLowerCase().endsWith('.md');
}
