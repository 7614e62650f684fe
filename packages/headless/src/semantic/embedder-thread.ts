/**
 * The headless embedding worker thread: serves the offline or native model over `parentPort`,
 * so embedding never runs on the thread that answers MCP requests.
 */
import {
  nodeProviderFor,
  serveEmbedder,
  type FromEmbedder,
  type ToEmbedder,
} from '@mcp-connector/obsidian-plugin/semantic-search';
import { parentPort } from 'node:worker_threads';

const port = parentPort;
if (port === null) throw new Error('embedder-thread runs as a worker thread only.');
serveEmbedder(
  {
    post: (message: FromEmbedder, transfer) => port.postMessage(message, transfer as ArrayBuffer[]),
    onMessage: (handler) => port.on('message', (message: ToEmbedder) => handler(message)),
    onError: () => undefined,
    close: () => port.close(),
  },
  nodeProviderFor,
);
