/**
 * The `native` provider: a sentence-embedding model run by transformers.js on onnxruntime. In
 * Obsidian the model is downloaded once, on first use, into `cacheDir` (the plugin's folder);
 * with `allowRemoteModels: false` it only reads `localModelPath`, which is how tests run it on
 * the tiny generated model and how nothing ever downloads at test time.
 *
 * A model that exports `sentence_embedding` (EmbeddingGemma) is used as is; otherwise token
 * states are mean-pooled over the attention mask, as sentence-transformers does.
 */
import type { EmbeddingProvider } from './embedding-provider.ts';
import { ProviderUnavailableError, toUnitVectors } from './embedding-provider.ts';
import type { NativeModelSpec } from './native-models.ts';
import { loadOptionalModule, type ModuleLoader } from './optional-module.ts';

export interface NativeProviderOptions {
  model: NativeModelSpec;
  /** False in tests and whenever downloads are not allowed: only local files are read. */
  allowRemoteModels: boolean;
  /** Where downloaded models are cached (the plugin's folder in Obsidian). */
  cacheDir?: string;
  /** A folder holding `<modelId>/config.json`, tokenizer files and `onnx/*.onnx`. */
  localModelPath?: string;
  loader?: ModuleLoader;
}

interface TensorLike {
  dims: number[];
  tolist(): unknown;
}
type Encoder = (texts: string[]) => Promise<number[][]>;

interface TransformersModule {
  env: {
    allowRemoteModels: boolean;
    allowLocalModels: boolean;
    localModelPath: string;
    cacheDir: string | null;
  };
  AutoTokenizer: { from_pretrained(id: string): Promise<TokenizerLike> };
  AutoModel: { from_pretrained(id: string, options: object): Promise<ModelLike> };
  mean_pooling(states: TensorLike, mask: TensorLike): TensorLike;
}
type TokenizerLike = (
  texts: string[],
  options: { padding: boolean; truncation: boolean },
) => Record<string, TensorLike>;
type ModelLike = ((inputs: Record<string, TensorLike>) => Promise<Record<string, TensorLike>>) & {
  dispose?(): Promise<unknown>;
};

export function nativeProvider(options: NativeProviderOptions): EmbeddingProvider {
  const { model } = options;
  const id = `native:${model.modelId}`;
  let encoder: Promise<{ encode: Encoder; dispose(): Promise<void> }> | null = null;
  return {
    id,
    dimensions: model.dimensions,
    batchSize: 16,
    async embed(texts, role) {
      if (texts.length === 0) return [];
      encoder ??= loadEncoder(options);
      const loaded = await encoder.catch((error: unknown) => {
        encoder = null;
        throw error;
      });
      const prefix = role === 'query' ? model.queryPrefix : model.documentPrefix;
      const rows = await loaded.encode(texts.map((text) => prefix + text));
      return toUnitVectors(rows, model.dimensions, id);
    },
    async dispose() {
      const loaded = await encoder?.catch(() => null);
      await loaded?.dispose();
      encoder = null;
    },
  };
}

async function loadEncoder(
  options: NativeProviderOptions,
): Promise<{ encode: Encoder; dispose(): Promise<void> }> {
  const transformers = await loadOptionalModule<TransformersModule>(
    '@huggingface/transformers',
    'The native provider',
    options.loader,
  );
  const { env } = transformers;
  env.allowRemoteModels = options.allowRemoteModels;
  env.allowLocalModels = options.localModelPath !== undefined;
  if (options.localModelPath !== undefined) env.localModelPath = options.localModelPath;
  if (options.cacheDir !== undefined) env.cacheDir = options.cacheDir;
  const { modelId, dtype } = options.model;
  const [tokenizer, model] = await Promise.all([
    transformers.AutoTokenizer.from_pretrained(modelId),
    transformers.AutoModel.from_pretrained(modelId, { dtype }),
  ]).catch((error: unknown) => {
    throw modelMissing(modelId, options.allowRemoteModels, error);
  });
  const encode: Encoder = async (texts) => {
    const inputs = tokenizer(texts, { padding: true, truncation: true });
    const outputs = await model(inputs);
    const pooled =
      outputs.sentence_embedding ??
      transformers.mean_pooling(
        outputs.last_hidden_state as TensorLike,
        inputs.attention_mask as TensorLike,
      );
    return pooled.tolist() as number[][];
  };
  return { encode, dispose: async () => void (await model.dispose?.()) };
}

function modelMissing(modelId: string, downloads: boolean, error: unknown): Error {
  const reason = error instanceof Error ? error.message : String(error);
  const hint = downloads
    ? 'check the network connection, or pick another provider'
    : 'downloads are off here; pick the offline provider, or allow the native model to download';
  return new ProviderUnavailableError(
    `The model ${modelId} could not be loaded (${reason}): ${hint}.`,
  );
}
