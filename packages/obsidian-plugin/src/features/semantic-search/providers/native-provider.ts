/**
 * The `native` provider's model: a sentence-embedding model run by transformers.js on
 * onnxruntime, from files already verified against their pins (model-files/). transformers.js
 * is pointed at a host that does not exist, its cache is a custom one that answers from those
 * bytes in memory, and its `fetch` answers 404, so it never touches a disk cache and never
 * reaches the network. The same code runs
 * in the web worker (transformers.js' web build on onnxruntime-web) and headless (the node build
 * on onnxruntime-node, in a worker thread).
 *
 * A model that exports `sentence_embedding` (EmbeddingGemma) is used as is; otherwise token
 * states are mean-pooled over the attention mask, as sentence-transformers does. Weights kept
 * beside the graph (`<graph>.onnx_data`, EmbeddingGemma's) are loaded as its external data
 * whenever the files hold them, whatever the model's config says.
 */
import type { EmbeddingProvider } from './embedding-provider.ts';
import { ProviderUnavailableError, toUnitVectors } from './embedding-provider.ts';
import { plainBuffer } from '../model-files/pinned-files.ts';
import type { NativeModelSpec } from './native-models.ts';

export interface NativeProviderOptions {
  model: NativeModelSpec;
  /** The model's files by path inside the model (`onnx/model_quantized.onnx`), verified. */
  files: Record<string, Uint8Array>;
  transformers: () => Promise<TransformersModule>;
  /** `webgpu` or `wasm` in the worker; the default (CPU) headless. */
  device?: string;
}

interface TensorLike {
  dims: number[];
  tolist(): unknown;
}
type Encoder = (texts: string[]) => Promise<number[][]>;

export interface TransformersModule {
  env: {
    allowRemoteModels: boolean;
    allowLocalModels: boolean;
    useFSCache?: boolean;
    useBrowserCache?: boolean;
    useWasmCache?: boolean;
    useCustomCache?: boolean;
    customCache?: unknown;
    remoteHost: string;
    fetch: (url: string, init?: unknown) => Promise<Response>;
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

/** A host name that cannot resolve: every file request is answered from memory. */
const MEMORY_HOST = 'https://model-files.invalid/';
/** Files of every model loaded in this process, by model id (the env is one per module). */
const servedFiles = new Map<string, Record<string, Uint8Array>>();

export function nativeProvider(options: NativeProviderOptions): EmbeddingProvider {
  const { model } = options;
  const id = `native:${model.modelId}`;
  let encoder: Promise<{ encode: Encoder; dispose(): Promise<void> }> | null = null;
  return {
    id,
    dimensions: model.dimensions,
    batchSize: 32,
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
      servedFiles.delete(model.modelId);
    },
  };
}

async function loadEncoder(
  options: NativeProviderOptions,
): Promise<{ encode: Encoder; dispose(): Promise<void> }> {
  const transformers = await options.transformers();
  serveFromMemory(transformers, options.model.modelId, options.files);
  const { modelId, dtype } = options.model;
  const [tokenizer, model] = await Promise.all([
    transformers.AutoTokenizer.from_pretrained(modelId),
    transformers.AutoModel.from_pretrained(modelId, {
      dtype,
      ...(options.device !== undefined && { device: options.device }),
      ...(hasExternalData(options.files) && { use_external_data_format: true }),
    }),
  ]).catch((error: unknown) => {
    const reason = error instanceof Error ? error.message : String(error);
    throw new ProviderUnavailableError(`The model ${modelId} could not be loaded (${reason}).`);
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

function hasExternalData(files: Record<string, Uint8Array>): boolean {
  return Object.keys(files).some((path) => path.endsWith('.onnx_data'));
}

function serveFromMemory(
  transformers: TransformersModule,
  modelId: string,
  files: Record<string, Uint8Array>,
): void {
  servedFiles.set(modelId, files);
  const { env } = transformers;
  env.allowLocalModels = false;
  env.allowRemoteModels = true;
  env.useFSCache = false;
  env.useBrowserCache = false;
  env.useWasmCache = false;
  env.remoteHost = MEMORY_HOST;
  env.useCustomCache = true;
  env.customCache = {
    match: async (key: string) => {
      const bytes = fileFor(String(key));
      if (bytes === undefined) return undefined;
      return new Response(plainBuffer(bytes));
    },
    put: async () => undefined,
  };
  env.fetch = async () => new Response(null, { status: 404 });
}

/** `https://model-files.invalid/<model id>/resolve/<revision>/<path>` -> that file's bytes. */
function fileFor(url: string): Uint8Array | undefined {
  if (!url.startsWith(MEMORY_HOST)) return undefined;
  const rest = decodeURIComponent(url.slice(MEMORY_HOST.length));
  const at = rest.indexOf('/resolve/');
  if (at === -1) return undefined;
  const files = servedFiles.get(rest.slice(0, at));
  const path = rest.slice(at + '/resolve/'.length).replace(/^[^/]+\//, '');
  return files?.[path];
}
