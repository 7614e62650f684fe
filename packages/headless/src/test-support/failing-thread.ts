/**
 * A worker thread that dies on its first message (parse-pool.test.ts, file-stats.test.ts: a
 * thread that crashes leaves its work to the main thread).
 */
import { parentPort } from 'node:worker_threads';

parentPort?.on('message', () => {
  throw new Error('this thread fails on purpose');
});
