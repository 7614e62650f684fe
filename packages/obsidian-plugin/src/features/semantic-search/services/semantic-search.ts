/**
 * The semantic-search service one vault gets: it picks the provider from the settings, keeps
 * that provider's index, and answers search_vault_smart. Changing provider builds the new index
 * beside the old one, which keeps answering until the new one is ready and is then deleted.
 * Indexing starts with `start` (after layout-ready, or headless at serve) or on the first query.
 * While no index is ready, a query waits up to `queryWaitMs` (reporting progress), then fails
 * with `index_building` and the numbers a client needs to retry.
 */
import type { VaultHost } from '../../../host/vault-host.ts';
import { chooseProvider, type ProviderEnvironment } from '../providers/choose-provider.ts';
import type { EmbeddingProvider } from '../providers/embedding-provider.ts';
import type { SemanticSettings } from '../settings.ts';
import { excerptOf } from './excerpt.ts';
import { folderFilter } from './folder-filter.ts';
import {
  building,
  off,
  unavailable,
  waitForIndex,
  type ProgressReporter,
} from './search-waiting.ts';
import type { SearchMode } from './index-query.ts';
import type { IndexStatus } from './index-status.ts';
import { SemanticIndex, type SemanticIndexOptions } from './semantic-index.ts';

export interface SemanticSearchOptions {
  host: VaultHost;
  /** `<vault>/<configDir>/plugins/mcp-connector/semantic-index` */
  indexDirectory: string;
  settings: SemanticSettings;
  environment?: Omit<ProviderEnvironment, 'hostKind'>;
  /** Replaces the settings-driven choice (tests use the hashing provider). */
  createProvider?: (settings: SemanticSettings) => EmbeddingProvider;
  /** Every status change of the index being built or serving (status bar, progress line). */
  onProgress?: (status: IndexStatus) => void;
  /** How long a query waits for an index still building before answering index_building. */
  queryWaitMs?: number;
  index?: Pick<SemanticIndexOptions, 'debounceMs' | 'saveEveryMs' | 'limits'>;
}

export interface SearchRequest {
  query: string;
  limit: number;
  mode: SearchMode;
  includeFolders: readonly string[];
  excludeFolders: readonly string[];
  /** The caller's view of the vault: hits it cannot see are dropped, excerpts read through it. */
  host: VaultHost;
}

export interface SearchHit {
  path: string;
  heading: string | null;
  score: number;
  excerpt: string;
}

export interface SearchResult {
  provider: string;
  mode: SearchMode;
  hits: SearchHit[];
}

export class SemanticSearch {
  private settings: SemanticSettings;
  private active: SemanticIndex | null = null;
  private next: SemanticIndex | null = null;
  private started = false;
  private providerProblem: string | null = null;

  constructor(private readonly options: SemanticSearchOptions) {
    this.settings = options.settings;
  }

  /** Starts indexing with the current settings (idempotent). */
  start(): void {
    this.started = true;
    if (this.settings.enabled) this.useProvider();
  }

  async applySettings(settings: SemanticSettings): Promise<void> {
    this.settings = settings;
    if (!settings.enabled) return this.close();
    if (this.started) this.useProvider();
  }

  status(): IndexStatus | null {
    return (this.next ?? this.active)?.status() ?? null;
  }

  async search(
    request: SearchRequest,
    report?: ProgressReporter,
  ): Promise<{
    result: SearchResult;
    timings: { queryEmbeddingMs: number; searchMs: number };
  }> {
    if (!this.settings.enabled) throw off();
    if (!this.started) this.start();
    if (this.providerProblem !== null) throw unavailable(this.providerProblem);
    const index = await this.readyIndex(report);
    const answer = await index.query({
      text: request.query,
      limit: request.limit,
      mode: request.mode,
      accept: acceptFor(request),
    });
    const hits: SearchHit[] = [];
    for (const hit of answer.hits) {
      const content = await request.host.read(hit.path).catch(() => null);
      if (content === null) continue;
      const { heading, start, end } = hit.chunk;
      hits.push({
        path: hit.path,
        heading,
        score: round(hit.score),
        excerpt: excerptOf(content, start, end),
      });
    }
    const { queryEmbeddingMs, searchMs } = answer;
    return {
      result: { provider: index.provider.id, mode: request.mode, hits },
      timings: { queryEmbeddingMs, searchMs },
    };
  }

  /** Re-checks every note against the index (call when hidden folders change). */
  async resync(): Promise<void> {
    await Promise.all(
      [this.active, this.next].map((index) => index?.resync() ?? Promise.resolve()),
    );
  }

  /** Deletes the index and builds it again from every note, with the current settings. */
  async rebuild(): Promise<void> {
    const discarded = [this.active, this.next].filter((index) => index !== null);
    this.active = null;
    this.next = null;
    await Promise.all(discarded.map((index) => index.destroy()));
    this.start();
  }

  async close(): Promise<void> {
    const closing = [this.active, this.next].filter((index) => index !== null);
    this.active = null;
    this.next = null;
    this.started = false;
    await Promise.all(closing.map((index) => index.close()));
  }

  private useProvider(): void {
    let provider: EmbeddingProvider;
    try {
      provider = (this.options.createProvider ?? this.chooseFromSettings)(this.settings);
      this.providerProblem = null;
    } catch (error) {
      this.providerProblem = error instanceof Error ? error.message : String(error);
      return;
    }
    const current = [this.active, this.next].find((index) => index?.provider.id === provider.id);
    if (current !== undefined && current !== null) {
      void provider.dispose?.();
      if (current === this.active) {
        void this.next?.destroy(); // switching back: the index being built is not needed
        this.next = null;
      }
      void current.start();
      return;
    }
    const index = new SemanticIndex({
      ...this.options.index,
      host: this.options.host,
      provider,
      directory: this.options.indexDirectory,
      ...(this.options.onProgress !== undefined && { onStatus: this.options.onProgress }),
    });
    if (this.active === null) this.active = index;
    else {
      void this.next?.destroy();
      this.next = index;
    }
    void index.start().then(() => this.promote(index));
  }

  private chooseFromSettings = (settings: SemanticSettings): EmbeddingProvider =>
    chooseProvider(settings, { ...this.options.environment, hostKind: this.options.host.kind });

  /** The switched-to index took over: the old one is closed and its files deleted. */
  private async promote(index: SemanticIndex): Promise<void> {
    if (this.next !== index || index.status().state !== 'ready') return;
    const previous = this.active;
    this.active = index;
    this.next = null;
    await previous?.destroy();
  }

  private async readyIndex(report?: ProgressReporter): Promise<SemanticIndex> {
    const activeFailed = this.active?.status().state === 'failed';
    const index = activeFailed && this.next !== null ? this.next : this.active;
    if (index === null) throw off();
    if (index.status().state !== 'ready')
      await waitForIndex(index, this.options.queryWaitMs ?? 1500, report);
    const status = index.status();
    if (status.state === 'ready') return index;
    if (status.state === 'failed') {
      void index.start(); // try again; the next query sees the outcome
      throw unavailable(status.error ?? 'the index could not be built');
    }
    throw building(status);
  }
}

function acceptFor(request: SearchRequest): (path: string) => boolean {
  const inFolders = folderFilter(request.includeFolders, request.excludeFolders);
  return (path) => inFolders(path) && request.host.getFile(path) !== null;
}

function round(score: number): number {
  return Math.round(score * 10000) / 10000;
}
