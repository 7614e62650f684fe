/**
 * Turns the settings' provider choice into a provider. `auto` means: in Obsidian, Smart
 * Connections' model when that plugin is installed and ready, else `native`; headless, the
 * `offline` model, which needs no download (headless has no Smart Connections, and a server
 * should not fetch a model unasked).
 */
import type { HostKind } from '../../../host/vault-host.ts';
import type { SemanticSettings } from '../settings.ts';
import type { EmbeddingProvider } from './embedding-provider.ts';
import { ProviderUnavailableError } from './embedding-provider.ts';
import { NATIVE_MODELS } from './native-models.ts';
import { nativeProvider } from './native-provider.ts';
import { offlineProvider } from './offline-provider.ts';
import type { ModuleLoader } from './optional-module.ts';
import { smartConnectionsProvider, type SmartConnectionsAccess } from './smart-connections.ts';

export interface ProviderEnvironment {
  hostKind: HostKind;
  /** Smart Connections' model, when the plugin can reach it (never headless). */
  smartConnections?: () => SmartConnectionsAccess | null;
  /** Whether `native` may download its model on first use (Obsidian: yes). */
  allowModelDownloads?: boolean;
  /** Where `native` caches downloaded models: the plugin's folder in Obsidian. */
  modelCacheDir?: string;
  /** A folder of pre-installed transformers.js models (tests: the tiny model). */
  localModelPath?: string;
  loader?: ModuleLoader;
}

export function chooseProvider(
  settings: SemanticSettings,
  environment: ProviderEnvironment,
): EmbeddingProvider {
  switch (settings.provider) {
    case 'offline':
      return offlineProvider(environment.loader);
    case 'native':
      return native(settings, environment);
    case 'smart-connections':
      return smartConnections(environment) ?? unavailableSmartConnections();
    case 'auto':
      if (environment.hostKind === 'headless') return offlineProvider(environment.loader);
      return smartConnections(environment) ?? native(settings, environment);
  }
}

function native(settings: SemanticSettings, environment: ProviderEnvironment): EmbeddingProvider {
  return nativeProvider({
    model: NATIVE_MODELS[settings.nativeModel],
    allowRemoteModels: environment.allowModelDownloads ?? false,
    ...(environment.modelCacheDir !== undefined && { cacheDir: environment.modelCacheDir }),
    ...(environment.localModelPath !== undefined && {
      localModelPath: environment.localModelPath,
    }),
    ...(environment.loader !== undefined && { loader: environment.loader }),
  });
}

function smartConnections(environment: ProviderEnvironment): EmbeddingProvider | null {
  return environment.smartConnections === undefined
    ? null
    : smartConnectionsProvider(environment.smartConnections);
}

function unavailableSmartConnections(): never {
  throw new ProviderUnavailableError(
    'Smart Connections is not installed, enabled and loaded here; pick another semantic search provider in the MCP Connector settings.',
  );
}
