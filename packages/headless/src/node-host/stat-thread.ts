/**
 * A worker thread that takes the stats of a big vault's files for the start-up scan
 * (file-stats.ts): one request, the root and the files' disk paths; one answer, their stats,
 * STAT_FIELDS numbers a file, transferred rather than copied.
 */
import { parentPort } from 'node:worker_threads';
import { STAT_FIELDS, takeStats, type StatRequest } from './file-stats.ts';

const port = parentPort;
if (port === null) throw new Error('stat-thread runs as a worker thread only.');

port.once('message', ({ root, diskPaths }: StatRequest) => {
  const stats = new Float64Array(diskPaths.length * STAT_FIELDS);
  takeStats(root, diskPaths, stats);
  port.postMessage(stats, [stats.buffer]);
});
