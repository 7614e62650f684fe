/**
 * The scan's file stats (file-stats.ts): taken in a thread they are exactly those taken
 * in-process, a file gone since it was listed has none, and a thread that cannot start or
 * dies leaves the stats to the main thread.
 */
import { afterEach, describe, expect, test } from 'bun:test';
import { rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { buildVault, type TempVault } from '../test-support/temp-vault.ts';
import { STAT_THREAD_URL, statAt, statFiles, statInThread, toFileStat } from './file-stats.ts';

let vault: TempVault | null = null;

afterEach(async () => {
  await vault?.remove();
  vault = null;
});

const FILES = {
  'a.md': '# A\n',
  'sub/b.md': 'bee\n',
  'sub/deeper/c.png': 'not a png',
  'gone.md': 'x',
};
const IN_PROCESS = { threadFrom: Number.POSITIVE_INFINITY };
const IN_A_THREAD = { threadFrom: 1 };

async function listed(): Promise<string[]> {
  vault = await buildVault(FILES);
  return Object.keys(FILES);
}

function statsOf(stats: Float64Array, count: number) {
  return Array.from({ length: count }, (_, i) => statAt(stats, i));
}

describe('the scan takes its files’ stats', () => {
  test('in a thread exactly as in-process, and none for a file gone since it was listed', async () => {
    const diskPaths = await listed();
    await rm(join(vault!.root, 'gone.md'));
    const expected = await Promise.all(
      diskPaths.slice(0, 3).map(async (path) => toFileStat(await stat(join(vault!.root, path)))),
    );
    const fromThread = await statInThread(STAT_THREAD_URL, { root: vault!.root, diskPaths });
    expect(fromThread).not.toBeNull(); // the thread answered, not a fallback
    const threaded = statsOf(fromThread as Float64Array, 4);
    expect(threaded).toEqual([...expected, null]);
    expect(statsOf(await statFiles(vault!.root, diskPaths, IN_A_THREAD), 4)).toEqual(threaded);
    expect(statsOf(await statFiles(vault!.root, diskPaths, IN_PROCESS), 4)).toEqual(threaded);
  });

  test('a thread that cannot start or dies: the stats are taken in-process', async () => {
    const diskPaths = await listed();
    const inProcess = statsOf(await statFiles(vault!.root, diskPaths, IN_PROCESS), 4);
    for (const threadUrl of [
      new URL('./no-such-stat-thread.mjs', import.meta.url),
      new URL('../test-support/failing-thread.ts', import.meta.url),
    ]) {
      const stats = await statFiles(vault!.root, diskPaths, { ...IN_A_THREAD, threadUrl });
      expect(statsOf(stats, 4)).toEqual(inProcess);
    }
  });
});
