/**
 * One headless server per vault: `server.lock` beside data.json holds the serving process's pid
 * and port. A second server finds it and is refused, with a message naming the running one's
 * port; a lock whose process is gone (a crash, kill -9) is taken over. Created exclusively, so
 * two servers starting at once cannot both win.
 */
import { processIsAlive } from '@mcp-connector/obsidian-plugin/client-config';
import { mkdir, open, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

export interface ServerLock {
  /** Records the port once the server listens, for the message a second server shows. */
  setPort(port: number): Promise<void>;
  release(): Promise<void>;
}

interface LockRecord {
  pid: number;
  port: number | null;
}

export async function lockVault(settingsPath: string): Promise<ServerLock> {
  const path = join(dirname(settingsPath), 'server.lock');
  await mkdir(dirname(path), { recursive: true });
  for (let attempt = 0; attempt < 3; attempt++) {
    if (await createLock(path)) return heldLock(path);
    const holder = await readLock(path);
    if (holder !== null && processIsAlive(holder.pid)) throw alreadyServing(holder);
    await rm(path, { force: true }); // left by a process that is gone
  }
  throw new Error('Could not take the vault lock (server.lock keeps reappearing); try again.');
}

async function createLock(path: string): Promise<boolean> {
  try {
    const handle = await open(path, 'wx');
    await handle.writeFile(JSON.stringify({ pid: process.pid, port: null } satisfies LockRecord));
    await handle.close();
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

function heldLock(path: string): ServerLock {
  return {
    setPort: (port) => writeFile(path, JSON.stringify({ pid: process.pid, port })),
    async release() {
      if ((await readLock(path))?.pid === process.pid) await rm(path, { force: true });
    },
  };
}

async function readLock(path: string): Promise<LockRecord | null> {
  try {
    const record = JSON.parse(await readFile(path, 'utf8')) as Partial<LockRecord>;
    return typeof record.pid === 'number'
      ? { pid: record.pid, port: typeof record.port === 'number' ? record.port : null }
      : null;
  } catch {
    return null; // unreadable or half written: treated as stale
  }
}

function alreadyServing(holder: LockRecord): Error {
  const where =
    holder.port === null
      ? 'and is still starting'
      : `on port ${holder.port} (http://127.0.0.1:${holder.port}/mcp)`;
  return new Error(
    `Another MCP Connector server (process ${holder.pid}) is already serving this vault ${where}. Connect your client to it, or stop it first.`,
  );
}
