/**
 * The models the `native` provider can run through transformers.js: their Hugging Face id, the
 * dimension they produce, the weight file variant (dtype) and the prompts they were trained with.
 */
export type NativeModelName = 'all-MiniLM-L6-v2' | 'embeddinggemma-300m' | 'multilingual-e5-base';

export interface NativeModelSpec {
  /** Hugging Face repository, or a folder name under a local model path. */
  modelId: string;
  dimensions: number;
  /** Weight variant: `q8` reads onnx/model_quantized.onnx, `fp32` onnx/model.onnx. */
  dtype: 'q8' | 'fp32';
  queryPrefix: string;
  documentPrefix: string;
}

export const NATIVE_MODELS: Readonly<Record<NativeModelName, NativeModelSpec>> = {
  'all-MiniLM-L6-v2': {
    modelId: 'Xenova/all-MiniLM-L6-v2',
    dimensions: 384,
    dtype: 'q8',
    queryPrefix: '',
    documentPrefix: '',
  },
  'embeddinggemma-300m': {
    modelId: 'onnx-community/embeddinggemma-300m-ONNX',
    dimensions: 768,
    dtype: 'q8',
    queryPrefix: 'task: search result | query: ',
    documentPrefix: 'title: none | text: ',
  },
  'multilingual-e5-base': {
    modelId: 'Xenova/multilingual-e5-base',
    dimensions: 768,
    dtype: 'q8',
    queryPrefix: 'query: ',
    documentPrefix: 'passage: ',
  },
};
