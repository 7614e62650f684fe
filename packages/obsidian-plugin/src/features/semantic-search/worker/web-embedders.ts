/**
 * Obsidian's embedders: each provider gets a Web Worker made from the worker bundle's source
 * (a Blob URL; main.js carries the source, scripts/build-plugin.ts puts it there), so the
 * model never runs on the renderer's main thread and the editor never waits on it.
 */
import type { FromEmbedder, MainSide } from './embedder-protocol.ts';
import { embeddersOver, type Embedders } from './embedders.ts';

export function webWorkerEmbedders(workerSource: string): Embedders {
  return embeddersOver('web', () => spawnWebWorker(workerSource));
}

export function spawnWebWorker(workerSource: string): MainSide {
  const url = URL.createObjectURL(new Blob([workerSource], { type: 'text/javascript' }));
  const worker = new Worker(url, { name: 'mcp-connector-embedder' });
  return {
    post: (message, transfer) => worker.postMessage(message, transfer),
    onMessage: (handler) =>
      worker.addEventListener('message', (event: MessageEvent<FromEmbedder>) =>
        handler(event.data),
      ),
    onError: (handler) =>
      worker.addEventListener('error', (event: ErrorEvent) =>
        handler(new Error(event.message || 'the worker could not start')),
      ),
    close: () => {
      worker.terminate();
      URL.revokeObjectURL(url);
    },
  };
}
