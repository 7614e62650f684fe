import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm, type FileHandle } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/**
 * Writes a file so that readers and crashes only ever see the old bytes or the new ones: the data
 * goes to a temp file in the same folder, is flushed to disk, then renamed over the target. The
 * temp name is short and fixed in length (`.mcp-<12 hex>.tmp`), so any name the file system
 * accepts can be written, and starts with a dot, so Obsidian and vault scans never mistake it for
 * a note. `beforeRename` runs last, just before the rename, and may throw to cancel the write
 * (the temp file is removed). `data` may come in chunks, each written before the next is asked
 * for (a big file need not be held whole; a chunk's memory may be reused for the next).
 */
export async function writeFileAtomic(
  path: string,
  data: string | Uint8Array | Iterable<Uint8Array>,
  beforeRename?: () => Promise<void>,
  /** The new file's permissions (before the umask), from its first byte: 0o600 for secrets. */
  mode = 0o666,
): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const temp = join(dirname(path), `.mcp-${randomBytes(6).toString('hex')}.tmp`);
  const handle = await open(temp, 'w', mode);
  try {
    if (typeof data === 'string' || data instanceof Uint8Array) await handle.writeFile(data);
    else for (const chunk of data) await writeAll(handle, chunk);
    await handle.sync();
  } catch (error) {
    await handle.close();
    await rm(temp, { force: true });
    throw error;
  }
  await handle.close();
  try {
    await beforeRename?.();
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

async function writeAll(handle: FileHandle, chunk: Uint8Array): Promise<void> {
  for (let written = 0; written < chunk.length;)
    written += (await handle.write(chunk, written, chunk.length - written)).bytesWritten;
}

/** A temp file writeFileAtomic leaves only when the process died mid-write (or an older one's). */
export function isAtomicTempName(name: string): boolean {
  return /^\.mcp-[0-9a-f]{12}\.tmp$/.test(name) || /^\..+\.[0-9a-f]{12}\.tmp$/.test(name);
}
