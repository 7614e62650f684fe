/**
 * Embedders for tests: the worker's code in this thread over a real MessageChannel, so the
 * protocol, the transfers and the provider are the ones a worker runs. (Headless runs the same
 * code in a worker thread: packages/headless/src/semantic/thread-embedders.ts.)
 */
import type { FromEmbedder, ToEmbedder } from './embedder-protocol.ts';
import { embeddersOver, type Embedders } from './embedders.ts';
import { nodeProviderFor } from './node-embedder.ts';
import { serveEmbedder, type ProviderFactory } from './serve-embedder.ts';

/** Tests: the worker's code in this thread, over a real MessageChannel. */
export function inProcessEmbedders(
  providerFor: ProviderFactory = nodeProviderFor,
  runtime: Embedders['runtime'] = 'node',
): Embedders {
  return embeddersOver(runtime, () => {
    const channel = new MessageChannel();
    const freeModel = serveEmbedder(
      {
        post: (message, transfer) => channel.port2.postMessage(message, transfer),
        onMessage: (handler) =>
          channel.port2.addEventListener('message', (event) => handler(event.data as ToEmbedder)),
        onError: () => undefined,
        close: () => channel.port2.close(),
      },
      providerFor,
    );
    channel.port2.start();
    return {
      post: (message, transfer) => channel.port1.postMessage(message, transfer),
      onMessage: (handler) => {
        channel.port1.addEventListener('message', (event) => handler(event.data as FromEmbedder));
        channel.port1.start();
      },
      onError: () => undefined,
      close: () => {
        channel.port1.close();
        channel.port2.close();
        void freeModel(); // a worker's end frees its model; in this thread it must be freed
      },
    };
  });
}
