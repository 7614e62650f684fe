import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { asDiskFull, writeAll } from './disk-full.ts';

/**
 * Writes a file so that readers and crashes only ever see the old bytes or the new ones: the data
 * goes to a temp file in the same folder, is flushed to disk, then renamed over the target. The
 * temp name is short and fixed in length (`.mcp-<12 hex>.tmp`), so any name the file system
 * accepts can be written, and starts with a dot, so Obsidian and vault scans never mistake it for
 * a note. `beforeRename` runs last, just before the rename, and may throw to cancel the write
 * (the temp file is removed). `data` may come in chunks, each written before the next is asked
 * for (a big file need not be held whole; a chunk's memory may be reused for the next). Every
 * byte is checked written (a full disk's short write is `disk_full`, never success; ADR-0042).
 */
export async function writeFileAtomic(
  path: string,
  data: string | Uint8Array | Iterable<Uint8Array>,
  beforeRename?: () => Promise<void>,
  /** The new file's permissions (before the umask), from its first byte: 0o600 for secrets. */
  mode = 0o666,
): Promise<void> {
  await mkdir(dirname(path), { recursive: true }).catch(rethrowAsDiskFull);
  const temp = join(dirname(path), `.mcp-${randomBytes(6).toString('hex')}.tmp`);
  const handle = await open(temp, 'w', mode).catch(rethrowAsDiskFull);
  try {
    const chunks = typeof data === 'string' || data instanceof Uint8Array ? [data] : data;
    for (const chunk of chunks)
      await writeAll(handle, typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk);
    await handle.sync();
  } catch (error) {
    await handle.close().catch(() => undefined);
    await rm(temp, { force: true });
    throw asDiskFull(error);
  }
  try {
    await handle.close();
    await beforeRename?.();
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true });
    throw asDiskFull(error);
  }
}

function rethrowAsDiskFull(error: unknown): never {
  throw asDiskFull(error);
}

/** A temp file writeFileAtomic leaves only when the process died mid-write (or an older one's). */
export function isAtomicTempName(name: string): boolean {
  return /^\.mcp-[0-9a-f]{12}\.tmp$/.test(name) || /^\..+\.[0-9a-f]{12}\.tmp$/.test(name);
}
