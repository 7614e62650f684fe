/**
 * The embedding Web Worker, bundled on its own (scripts/build-plugin.ts, `buildEmbeddingWorker`)
 * and carried inside main.js as a string: transformers.js' web build on onnxruntime-web, both
 * bundled statically, so nothing is imported at run time. The WebAssembly runtime arrives with
 * the model's files in the `load` message (verified against its pin by the main side) and is
 * handed to onnxruntime as bytes: single-threaded (Obsidian's renderer is not cross-origin
 * isolated), WebGPU when the machine has an adapter, else the CPU through WebAssembly.
 */
import * as transformers from '@huggingface/transformers';
import * as ort from 'onnxruntime-web/webgpu';
import { ProviderUnavailableError } from '../providers/embedding-provider.ts';
import { nativeProvider, type TransformersModule } from '../providers/native-provider.ts';
import type { FromEmbedder, ToEmbedder } from './embedder-protocol.ts';
import { serveEmbedder, type ProviderFactory } from './serve-embedder.ts';

interface WorkerScope {
  postMessage(message: unknown, transfer: Transferable[]): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  close(): void;
}
interface GpuNavigator {
  gpu?: { requestAdapter(): Promise<unknown> };
}

const scope = self as unknown as WorkerScope;

const webProviderFor: ProviderFactory = async (spec) => {
  if (spec.kind !== 'native' || spec.runtime === null)
    throw new ProviderUnavailableError('The web embedder runs the native model only.');
  const wasm = ort.env.wasm;
  wasm.numThreads = 1;
  wasm.proxy = false;
  delete wasm.wasmPaths; // transformers.js points these at its CDN; the bytes are here already
  wasm.wasmBinary = spec.runtime;
  const { model, files } = spec;
  const module = async () => transformers as unknown as TransformersModule;
  if (await hasWebGpu()) {
    const provider = nativeProvider({ model, files, transformers: module, device: 'webgpu' });
    const works = await provider.embed(['warm up'], 'document').then(
      () => true,
      () => false,
    );
    if (works) return { provider, device: 'webgpu' };
    await provider.dispose?.();
  }
  return {
    provider: nativeProvider({ model, files, transformers: module, device: 'wasm' }),
    device: 'wasm',
  };
};

async function hasWebGpu(): Promise<boolean> {
  const gpu = (self.navigator as GpuNavigator | undefined)?.gpu;
  if (gpu === undefined) return false;
  return (await gpu.requestAdapter().catch(() => null)) !== null;
}

serveEmbedder(
  {
    post: (message: FromEmbedder, transfer) => scope.postMessage(message, transfer),
    onMessage: (handler) =>
      scope.addEventListener('message', (event) => handler(event.data as ToEmbedder)),
    onError: () => undefined,
    close: () => scope.close(),
  },
  webProviderFor,
);
