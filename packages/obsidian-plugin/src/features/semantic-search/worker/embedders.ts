/**
 * Where providers run their models: `Embedders.start` wraps a spec into a provider whose model
 * runs off the request thread. Obsidian passes `webWorkerEmbedders` (web-embedders.ts: a Web
 * Worker made from the bundled worker source), headless `threadEmbedders` (packages/headless/src/semantic: a
 * worker thread), tests `inProcessEmbedders` (the same protocol over a MessageChannel).
 */
import type { EmbeddingProvider } from '../providers/embedding-provider.ts';
import type { EmbedderSpec, MainSide } from './embedder-protocol.ts';
import { workerProvider } from './worker-provider.ts';

export interface ProviderShape {
  id: string;
  dimensions: number;
  batchSize: number;
}

export interface Embedders {
  /** `web`: the worker runs onnxruntime-web and needs its .wasm; `node`: onnxruntime-node. */
  runtime: 'web' | 'node';
  start(shape: ProviderShape, spec: () => Promise<EmbedderSpec>): EmbeddingProvider;
}

export function embeddersOver(runtime: Embedders['runtime'], spawn: () => MainSide): Embedders {
  return { runtime, start: (shape, spec) => workerProvider({ ...shape, spawn, spec }) };
}
