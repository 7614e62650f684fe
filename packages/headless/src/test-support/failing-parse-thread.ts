/** A parse thread that dies on its first batch (parse-pool.test.ts: a crash falls back in-process). */
import { parentPort } from 'node:worker_threads';

parentPort?.on('message', () => {
  throw new Error('this parse thread fails on purpose');
});
