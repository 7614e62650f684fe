/**
 * A lock file beside data.json, so the plugin or headless server and the tokens CLI (separate
 * processes) never interleave a read-modify-write. Created exclusively; a lock older than
 * STALE_MS is taken to be left by a crashed process and removed.
 */
import { mkdir, open, rm, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { setTimeout } from 'node:timers';

const RETRY_MS = 20;
const STALE_MS = 10_000;
const GIVE_UP_MS = 5_000;

export async function withFileLock<T>(lockPath: string, section: () => Promise<T>): Promise<T> {
  await acquire(lockPath);
  try {
    return await section();
  } finally {
    await rm(lockPath, { force: true });
  }
}

async function acquire(lockPath: string): Promise<void> {
  await mkdir(dirname(lockPath), { recursive: true });
  const deadline = Date.now() + GIVE_UP_MS;
  for (;;) {
    try {
      const handle = await open(lockPath, 'wx');
      await handle.writeFile(String(process.pid));
      await handle.close();
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    if (await isStale(lockPath)) await rm(lockPath, { force: true });
    else if (Date.now() > deadline)
      throw new Error(`Settings are locked by another process (${lockPath}); try again.`);
    else await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
  }
}

async function isStale(lockPath: string): Promise<boolean> {
  try {
    return Date.now() - (await stat(lockPath)).mtimeMs > STALE_MS;
  } catch {
    return false;
  }
}
