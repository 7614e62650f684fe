/**
 * The semantic-search service one vault gets: it picks the provider from the settings, keeps
 * that provider's index, and answers search_vault_smart. Changing provider builds the new index
 * beside the old one, which keeps answering until the new one is ready and is then deleted.
 * Indexing starts with `start` (after layout-ready, or headless at serve) or on the first query.
 * While no index is ready, a query waits up to `queryWaitMs` (reporting progress), then fails
 * with `index_building` and the numbers a client needs to retry. While the native model is not
 * installed (nothing downloads without consent), a keyword-only index answers instead, and each
 * result says semantic ranking is not installed and how to enable it; once the installer
 * reports the model installed, the semantic index is built beside it and takes over.
 */
import type { VaultHost } from '../../../host/vault-host.ts';
import {
  chooseProvider,
  nativeModelOf,
  type ProviderEnvironment,
} from '../providers/choose-provider.ts';
import { ModelNotInstalledError, type EmbeddingProvider } from '../providers/embedding-provider.ts';
import { keywordOnlyProvider } from '../providers/keyword-only.ts';
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
import type { KeywordHit, SearchMode } from './index-query.ts';
import type { IndexStatus } from './index-status.ts';
import { SemanticIndex, type SemanticIndexOptions } from './semantic-index.ts';

export interface SemanticSearchOptions {
  host: VaultHost;
  /** `<vault>/<configDir>/plugins/local-mcp-server/semantic-index` */
  indexDirectory: string;
  settings: SemanticSettings;
  environment?: Omit<ProviderEnvironment, 'hostKind'>;
  /** Replaces the settings-driven choice (tests use the hashing provider). */
  createProvider?: (settings: SemanticSettings) => EmbeddingProvider;
  /** Every status change of the index being built or serving (status bar, progress line). */
  onProgress?: (status: IndexStatus) => void;
  /** How long a query waits for an index still building before answering index_building. */
  queryWaitMs?: number;
  /** Called once, at the first query answered by keywords because the model is not installed. */
  onModelNeeded?: (message: string) => void;
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
  /** Notes the query's operators allow (search_vault_smart's `tag:`, `path:`...); all when absent. */
  accept?: (path: string) => boolean;
  /** The notes ranked by keywords (index-query.ts); the index's own BM25 when absent. */
  keywordRanking?: readonly KeywordHit[];
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
  /** What ranked the hits: the mode asked for, or `lexical` while no model is installed. */
  ranking: SearchMode;
  /** Present while the native model is not installed. */
  semanticRanking?: 'not_installed';
  /** Why the ranking is lexical and how to enable semantic ranking. */
  hint?: string;
  hits: SearchHit[];
  /** Hybrid: how many more notes ranked under the relevance floor and were left out. */
  belowRelevanceFloor?: number;
}

export class SemanticSearch {
  private settings: SemanticSettings;
  private active: SemanticIndex | null = null;
  private next: SemanticIndex | null = null;
  private started = false;
  private providerProblem: string | null = null;
  /** Set while the keyword-only index stands in for a model that is not installed. */
  private missingModel: ModelNotInstalledError | null = null;
  private choosing: Promise<void> = Promise.resolve();
  private stopWatchingModels: (() => void) | null = null;
  private toldModelNeeded = false;

  constructor(private readonly options: SemanticSearchOptions) {
    this.settings = options.settings;
  }

  /** Starts indexing with the current settings (idempotent). */
  start(): void {
    this.started = true;
    this.stopWatchingModels ??=
      this.options.environment?.models?.onChange((status) => {
        if (status.state === 'installed' && status.modelId === this.missingModel?.modelId)
          this.reselect();
      }) ?? null;
    if (this.settings.enabled) this.reselect();
  }

  async applySettings(settings: SemanticSettings): Promise<void> {
    this.settings = settings;
    if (!settings.enabled) return this.close();
    if (this.started) this.reselect();
    await this.choosing;
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
    await this.choosing;
    if (this.providerProblem !== null) throw unavailable(this.providerProblem);
    const index = await this.readyIndex(report);
    const notInstalled = index.keywordsOnly ? this.missingModel : null;
    if (notInstalled !== null && !this.toldModelNeeded) {
      this.toldModelNeeded = true;
      this.options.onModelNeeded?.(notInstalled.message);
    }
    const answer = await index.query({
      text: request.query,
      limit: request.limit,
      mode: request.mode,
      accept: acceptFor(request),
      ...(request.keywordRanking !== undefined && { keywordRanking: request.keywordRanking }),
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
    const result: SearchResult = {
      provider: index.provider.id,
      mode: request.mode,
      ranking: index.keywordsOnly ? 'lexical' : request.mode,
      ...(notInstalled !== null && {
        semanticRanking: 'not_installed' as const,
        hint: notInstalled.message,
      }),
      hits,
      ...(answer.belowFloor > 0 && { belowRelevanceFloor: answer.belowFloor }),
    };
    return { result, timings: { queryEmbeddingMs, searchMs } };
  }

  /** Resolves once the provider is chosen and the index being built is ready or has failed. */
  async settled(): Promise<void> {
    await this.choosing;
    await Promise.all(
      [this.active, this.next].map((index) => index?.catchUp() ?? Promise.resolve()),
    );
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
    await this.choosing;
  }

  async close(): Promise<void> {
    await this.choosing;
    const closing = [this.active, this.next].filter((index) => index !== null);
    this.active = null;
    this.next = null;
    this.started = false;
    this.stopWatchingModels?.();
    this.stopWatchingModels = null;
    await Promise.all(closing.map((index) => index.close()));
  }

  /** Picks the provider again (settings changed, the model was installed); queries wait for it. */
  private reselect(): void {
    this.choosing = this.choosing.then(() => this.useProvider());
  }

  private async useProvider(): Promise<void> {
    if (!this.started || !this.settings.enabled) return;
    const environment = this.options.environment ?? {};
    await environment.models
      ?.refresh(nativeModelOf(this.settings, environment))
      .catch(() => undefined);
    let provider: EmbeddingProvider;
    try {
      provider = (this.options.createProvider ?? this.chooseFromSettings)(this.settings);
      this.providerProblem = null;
      this.missingModel = null;
    } catch (error) {
      if (error instanceof ModelNotInstalledError) {
        this.missingModel = error;
        this.providerProblem = null;
        if (this.keepsServing()) return; // until the chosen model is installed and built
        provider = keywordOnlyProvider();
      } else {
        this.providerProblem = error instanceof Error ? error.message : String(error);
        return;
      }
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

  /**
   * The chosen model is not installed yet, and a model's index serves: it keeps serving (an index
   * being built for another choice is dropped) until the chosen one is installed and built.
   */
  private keepsServing(): boolean {
    const active = this.active;
    if (active === null || active.keywordsOnly || active.status().state === 'failed') return false;
    void this.next?.destroy();
    this.next = null;
    return true;
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
  const allowed = request.accept ?? (() => true);
  return (path) => inFolders(path) && allowed(path) && request.host.getFile(path) !== null;
}

function round(score: number): number {
  return Math.round(score * 10000) / 10000;
}
