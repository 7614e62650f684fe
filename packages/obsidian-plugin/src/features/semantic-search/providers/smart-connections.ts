/**
 * The `smart-connections` provider: reuses the embedding model the Smart Connections plugin has
 * already loaded (its own local transformers.js model, in its own worker), so no second model
 * is downloaded and vectors match the ones it computes. Plugin only.
 *
 * Smart Connections has no public API typing; it is reached through a small duck-typed view of
 * `app.plugins.getPlugin('smart-connections').env.smart_sources.embed_model`, checked before
 * use, in the spirit of host/obsidian/plugin-integrations.ts. Anything missing or changed reads
 * as "not installed" rather than crashing.
 */
import type { EmbeddingProvider } from './embedding-provider.ts';
import { ProviderUnavailableError, toUnitVectors } from './embedding-provider.ts';

/** What the provider needs from Smart Connections, whatever its internals look like. */
export interface SmartConnectionsAccess {
  modelKey: string;
  dimensions: number;
  embed(texts: readonly string[]): Promise<number[][]>;
}

interface EmbedModel {
  model_key?: unknown;
  dims?: unknown;
  model_config?: { dims?: unknown };
  embed_batch?(inputs: { embed_input: string }[]): Promise<{ vec?: number[] }[]>;
}
interface PluginRegistry {
  enabledPlugins?: Set<string>;
  getPlugin?(id: string): unknown;
}

const PLUGIN_ID = 'smart-connections';

/** Smart Connections' model from an Obsidian `app`, or null when it is not installed or ready. */
export function smartConnectionsAccess(app: unknown): SmartConnectionsAccess | null {
  const plugins = (app as { plugins?: PluginRegistry } | null)?.plugins;
  if (plugins?.enabledPlugins !== undefined && !plugins.enabledPlugins.has(PLUGIN_ID)) return null;
  const plugin = plugins?.getPlugin?.(PLUGIN_ID) as
    { env?: { smart_sources?: { embed_model?: EmbedModel } } } | undefined;
  const model = plugin?.env?.smart_sources?.embed_model;
  const dimensions = model?.dims ?? model?.model_config?.dims;
  if (
    typeof model?.embed_batch !== 'function' ||
    typeof model.model_key !== 'string' ||
    typeof dimensions !== 'number'
  )
    return null;
  const embedBatch = model.embed_batch.bind(model);
  return {
    modelKey: model.model_key,
    dimensions,
    embed: async (texts) => {
      const results = await embedBatch(texts.map((text) => ({ embed_input: text })));
      return results.map((result, index) => {
        if (!Array.isArray(result.vec))
          throw new Error(`Smart Connections did not embed text ${index}.`);
        return result.vec;
      });
    },
  };
}

export function smartConnectionsProvider(
  access: () => SmartConnectionsAccess | null,
): EmbeddingProvider | null {
  const initial = access();
  if (initial === null) return null;
  const id = `smart-connections:${initial.modelKey}`;
  return {
    id,
    dimensions: initial.dimensions,
    batchSize: 16,
    async embed(texts) {
      if (texts.length === 0) return [];
      const current = access();
      if (current === null || current.modelKey !== initial.modelKey) {
        throw new ProviderUnavailableError(
          'Smart Connections was disabled or changed its model; semantic search will rebuild with the provider chosen in settings.',
        );
      }
      return toUnitVectors(await current.embed(texts), initial.dimensions, id);
    },
  };
}
