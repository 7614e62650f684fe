/**
 * The semantic-search feature: on-device embeddings of the vault's notes in a 16-segment index
 * on disk, kept current from vault events, queried by search_vault_smart (semantic, or hybrid
 * with BM25 by weighted score fusion). `setupSemanticSearch` creates the vault's service and
 * hands it to the tools (ToolServices.semanticSearch); the caller starts it after layout-ready (or lets the first query
 * start it) and closes it on unload. See docs/features/semantic-search.md.
 */
import type { VaultHost } from '../../host/vault-host.ts';
import { SemanticSearch, type SemanticSearchOptions } from './services/semantic-search.ts';

export { defaultSemanticSettings } from './settings.ts';
export type { ProviderChoice, SemanticSettings } from './settings.ts';
export type { EmbeddingProvider, EmbedRole } from './providers/embedding-provider.ts';
export {
  ModelNotInstalledError,
  ProviderUnavailableError,
} from './providers/embedding-provider.ts';
export { hashingProvider } from './providers/hashing-provider.ts';
export { nativeModel, nativeModelOf, offlineModel } from './providers/choose-provider.ts';
export {
  NATIVE_MODELS,
  type NativeModelName,
  type NativeModelSpec,
} from './providers/native-models.ts';
export { nodeModelFolder, type FileWriter, type ModelFolder } from './model-files/model-folder.ts';
export {
  memoryFirstUseRecords,
  nodeFirstUseRecords,
  type FirstUseRecord,
  type FirstUseRecords,
} from './model-files/first-use-records.ts';
export {
  ModelInstaller,
  type FirstUseStatus,
  type InstallState,
  type InstallStatus,
  type ModelInstallerOptions,
} from './model-files/model-installer.ts';
export {
  PUBLIC_SOURCES,
  WEB_RUNTIME,
  plainBuffer,
  type Sources,
} from './model-files/pinned-files.ts';
export { embeddersOver, type Embedders } from './worker/embedders.ts';
export type { FromEmbedder, ToEmbedder } from './worker/embedder-protocol.ts';
export { serveEmbedder } from './worker/serve-embedder.ts';
export { nodeProviderFor } from './worker/node-embedder.ts';
export { webWorkerEmbedders } from './worker/web-embedders.ts';
export { inProcessEmbedders } from './worker/in-process-embedders.ts';
export {
  smartConnectionsAccess,
  type SmartConnectionsAccess,
} from './providers/smart-connections.ts';
export type { ProviderEnvironment } from './providers/choose-provider.ts';
export type { ProgressReporter } from './services/search-waiting.ts';
export { consentLine, installLine, progressLine, throttled } from './services/progress-lines.ts';
export {
  SemanticSearch,
  type SearchHit,
  type SearchRequest,
  type SearchResult,
  type SemanticSearchOptions,
} from './services/semantic-search.ts';
export type { IndexStatus } from './services/index-status.ts';
// The index itself, for the quality and latency scripts (scripts/semantic/) that build one.
export { SemanticIndex } from './services/semantic-index.ts';
export type { IndexerStats } from './services/indexer.ts';
export type { SearchMode } from './services/index-query.ts';

export type SetupResult =
  | { ok: true; error: null; service: SemanticSearch; dispose: () => Promise<void> }
  | { ok: false; error: string; service: null; dispose: () => Promise<void> };

/** Creates the vault's semantic search for search_vault_smart. Never throws. */
export function setupSemanticSearch(
  options: SemanticSearchOptions & { host: VaultHost },
): SetupResult {
  try {
    const service = new SemanticSearch(options);
    const dispose = () => service.close();
    return { ok: true, error: null, service, dispose };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { ok: false, error: message, service: null, dispose: async () => undefined };
  }
}
export type { KeywordHit } from './services/index-query.ts';
// The terms BM25 matches on (stopwords dropped, light stemming), shared with search_vault_simple.
export { termsOf } from './services/lexical-terms.ts';
