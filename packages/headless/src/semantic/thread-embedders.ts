/**
 * Headless embedding off the request thread: each provider gets a worker thread running
 * embedder-thread.ts (the offline model, or the native model on onnxruntime-node), spoken to
 * over the semantic-search feature's embedder protocol.
 */
import {
  embeddersOver,
  type Embedders,
  type FromEmbedder,
} from '@mcp-connector/obsidian-plugin/semantic-search';
import { Worker as ThreadWorker } from 'node:worker_threads';

/** From source, the thread's own file; built, the bundle beside cli.mjs (scripts/build-headless.ts). */
const THREAD_FILE = import.meta.url.endsWith('.ts')
  ? './embedder-thread.ts'
  : './embedder-thread.mjs';

/** Headless: one worker thread per provider. */
export function threadEmbedders(): Embedders {
  return embeddersOver('node', () => {
    const thread = new ThreadWorker(new URL(THREAD_FILE, import.meta.url));
    thread.unref(); // an idle embedder never keeps the process alive
    return {
      post: (message, transfer) => thread.postMessage(message, transfer as ArrayBuffer[]),
      onMessage: (handler) => thread.on('message', (message: FromEmbedder) => handler(message)),
      onError: (handler) => thread.on('error', handler),
      close: () => void thread.terminate(),
    };
  });
}
