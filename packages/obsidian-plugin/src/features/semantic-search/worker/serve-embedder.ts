/**
 * The worker's side: builds the provider the `load` message asks for (through `providerFor`,
 * which differs between the web worker and the worker thread), warms it up so a model that
 * cannot load says so at once, then answers each `embed` in order.
 */
import {
  ProviderUnavailableError,
  type EmbeddingProvider,
} from '../providers/embedding-provider.ts';
import type { EmbedderSpec, ToEmbedder, WorkerSide } from './embedder-protocol.ts';
import { transferable } from './embedder-protocol.ts';

export type ProviderFactory = (
  spec: EmbedderSpec,
) => Promise<{ provider: EmbeddingProvider; device: string }>;

/** Serves `port` until it closes; the returned function frees the model (a thread just ends). */
export function serveEmbedder(port: WorkerSide, providerFor: ProviderFactory): () => Promise<void> {
  let provider: Promise<EmbeddingProvider> | null = null;
  let queue = Promise.resolve();
  port.onMessage((message: ToEmbedder) => {
    queue = queue.then(() => handle(message)); // one model call at a time, in order
  });

  async function handle(message: ToEmbedder): Promise<void> {
    if (message.type === 'load') {
      provider = load(message.spec);
      await provider.catch(() => undefined);
      return;
    }
    try {
      if (provider === null) throw new Error('the embedder was asked to embed before loading');
      const vectors = await (await provider).embed(message.texts, message.role);
      const dimensions = vectors[0]?.length ?? 0;
      const flat = new Float32Array(vectors.length * dimensions);
      vectors.forEach((vector, index) => flat.set(vector, index * dimensions));
      port.post(
        { type: 'embedded', id: message.id, vectors: flat, dimensions },
        transferable([flat]),
      );
    } catch (error) {
      port.post(failure(message.id, error), []);
    }
  }

  const dispose = async () => {
    const loaded = await provider?.catch(() => null);
    provider = null;
    await loaded?.dispose?.();
  };
  return dispose;

  async function load(spec: EmbedderSpec): Promise<EmbeddingProvider> {
    try {
      const built = await providerFor(spec);
      await built.provider.embed(['warm up'], 'document');
      port.post({ type: 'loaded', device: built.device }, []);
      return built.provider;
    } catch (error) {
      port.post(failure(null, error), []);
      throw error;
    }
  }
}

function failure(id: number | null, error: unknown) {
  return {
    type: 'failed' as const,
    id,
    message: error instanceof Error ? error.message : String(error),
    unavailable: error instanceof ProviderUnavailableError,
  };
}
