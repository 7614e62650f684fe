/**
 * The models the `native` provider can run through transformers.js: their Hugging Face id, the
 * dimension they produce, the weight file variant (dtype), the prompts they were trained with,
 * and what may be downloaded for them (ADR-0013, ADR-0053): either `pins`, a hub revision and
 * every file with its size and SHA-256 as published by others and checked against each other,
 * or `firstUse`, a revision and file sizes without hashes: the first complete download records
 * its SHA-256 on this device, and every later download and load must match that record. A model
 * with neither is never downloaded and reports itself unavailable.
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

/** A revision whose files' hashes are not known: trusted on first use (ADR-0053). */
export interface FirstUse {
  revision: string;
  /** Each file with the size two independent sources agree on (a download must have it). */
  files: readonly { path: string; bytes: number }[];
}

export interface NativeModelSpec {
  /** Hugging Face repository, or a folder name under a local model path. */
  modelId: string;
  /** How the settings' model menu names it. */
  label: string;
  dimensions: number;
  /**
   * Weight variant: `q8` reads onnx/model_quantized.onnx, `int8` onnx/model_int8.onnx, `fp32`
   * onnx/model.onnx (an `<name>.onnx_data` file beside it is loaded as its external weights).
   */
  dtype: 'q8' | 'int8' | 'fp32';
  queryPrefix: string;
  documentPrefix: string;
  /** Null: no hashes are known (see `firstUse`). */
  pins: ModelPins | null;
  firstUse?: FirstUse;
}

export const NATIVE_MODELS: Readonly<Record<NativeModelName, NativeModelSpec>> = {
  'all-MiniLM-L6-v2': {
    modelId: 'Xenova/all-MiniLM-L6-v2',
    label: 'MiniLM-L6-v2 (384-d, English)',
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
  // Pins from four repositories that record the same files at this revision (ADR-0053).
  'embeddinggemma-300m': {
    modelId: 'onnx-community/embeddinggemma-300m-ONNX',
    label: 'EmbeddingGemma 300M (768-d, multilingual)',
    dimensions: 768,
    dtype: 'q8',
    queryPrefix: 'task: search result | query: ',
    documentPrefix: 'title: none | text: ',
    pins: {
      revision: '5090578d9565bb06545b4552f76e6bc2c93e4a66',
      files: [
        {
          path: 'config.json',
          bytes: 1_765,
          sha256: '6e1f06404b7163e0325ed2ea3e6781cde50f4a50b31780a95ad0d30e8404d77b',
        },
        {
          path: 'tokenizer.json',
          bytes: 20_323_312,
          sha256: '4dda02faaf32bc91031dc8c88457ac272b00c1016cc679757d1c441b248b9c47',
        },
        {
          path: 'tokenizer_config.json',
          bytes: 1_156_830,
          sha256: '3ca953eea6c3c9fcda9cf3df22949ff18b216f7c74bd6459230f3f1013953f3a',
        },
        {
          path: 'onnx/model_quantized.onnx',
          bytes: 567_874,
          sha256: '172efde319fe1542dc41f31be6154910b05b78f7a861c265c4600eec906bd6d8',
        },
        {
          path: 'onnx/model_quantized.onnx_data',
          bytes: 308_890_624,
          sha256: '705626e28e4c23c82ade34566b4197d97f534c12275fa406dfb71e9937d388c0',
        },
      ],
    },
  },
  // Two sources name this revision and agree on the sizes but not on two files' SHA-256, so
  // neither is pinned: the first download's hashes are recorded on the device (ADR-0053).
  'multilingual-e5-base': {
    modelId: 'Xenova/multilingual-e5-base',
    label: 'Multilingual-E5-Base (768-d, multilingual)',
    dimensions: 768,
    dtype: 'int8',
    queryPrefix: 'query: ',
    documentPrefix: 'passage: ',
    pins: null,
    firstUse: {
      revision: '1ec9243030a27d1a115d5c340572074c125b58b2',
      files: [
        { path: 'config.json', bytes: 686 },
        { path: 'tokenizer.json', bytes: 17_082_660 },
        { path: 'tokenizer_config.json', bytes: 418 },
        { path: 'onnx/model_int8.onnx', bytes: 278_184_162 },
      ],
    },
  },
};
