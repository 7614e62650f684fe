/**
 * The models the `native` provider can run through transformers.js: their Hugging Face id, the
 * dimension they produce, the weight file variant (dtype), the prompts they were trained with,
 * and what may be downloaded for them: a pinned hub revision and every file with its size and
 * SHA-256. A model without pins is never downloaded and never loaded (nothing could prove its
 * files are the ones we tested); it reports itself unavailable instead.
 */
export type NativeModelName = 'all-MiniLM-L6-v2' | 'embeddinggemma-300m' | 'multilingual-e5-base';

/** A file as it must be on disk: path inside the model (or runtime) folder, size, SHA-256. */
export interface PinnedFile {
  path: string;
  bytes: number;
  sha256: string;
}

export interface ModelPins {
  /** The hub commit the files are fetched from (never a branch: a branch moves). */
  revision: string;
  files: readonly PinnedFile[];
}

export interface NativeModelSpec {
  /** Hugging Face repository, or a folder name under a local model path. */
  modelId: string;
  dimensions: number;
  /** Weight variant: `q8` reads onnx/model_quantized.onnx, `fp32` onnx/model.onnx. */
  dtype: 'q8' | 'fp32';
  queryPrefix: string;
  documentPrefix: string;
  /** Null: no revision and hashes recorded yet, so the model cannot be installed. */
  pins: ModelPins | null;
}

export const NATIVE_MODELS: Readonly<Record<NativeModelName, NativeModelSpec>> = {
  'all-MiniLM-L6-v2': {
    modelId: 'Xenova/all-MiniLM-L6-v2',
    dimensions: 384,
    dtype: 'q8',
    queryPrefix: '',
    documentPrefix: '',
    pins: {
      revision: '751bff37182d3f1213fa05d7196b954e230abad9',
      files: [
        {
          path: 'config.json',
          bytes: 650,
          sha256: '7135149f7cffa1a573466c6e4d8423ed73b62fd2332c575bf738a0d033f70df7',
        },
        {
          path: 'tokenizer.json',
          bytes: 711_661,
          sha256: 'da0e79933b9ed51798a3ae27893d3c5fa4a201126cef75586296df9b4d2c62a0',
        },
        {
          path: 'tokenizer_config.json',
          bytes: 366,
          sha256: '9261e7d79b44c8195c1cada2b453e55b00aeb81e907a6664974b4d7776172ab3',
        },
        {
          path: 'onnx/model_quantized.onnx',
          bytes: 22_972_370,
          sha256: 'afdb6f1a0e45b715d0bb9b11772f032c399babd23bfc31fed1c170afc848bdb1',
        },
      ],
    },
  },
  'embeddinggemma-300m': {
    modelId: 'onnx-community/embeddinggemma-300m-ONNX',
    dimensions: 768,
    dtype: 'q8',
    queryPrefix: 'task: search result | query: ',
    documentPrefix: 'title: none | text: ',
    pins: null,
  },
  'multilingual-e5-base': {
    modelId: 'Xenova/multilingual-e5-base',
    dimensions: 768,
    dtype: 'q8',
    queryPrefix: 'query: ',
    documentPrefix: 'passage: ',
    pins: null,
  },
};
