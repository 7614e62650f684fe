/**
 * Where downloaded model and runtime files live: `<plugin folder>/models/`, laid out as the hub
 * and the CDN lay them out (docs/features/semantic-search.md, "The models folder"), so a user
 * without a network can put the files there by hand. The downloader and the loader only see this
 * small interface: Node's file system in Obsidian (desktop only) and headless, the browser's
 * origin-private file system in the Chromium test page.
 */
import { mkdir, open, readFile, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';

export interface FileWriter {
  write(bytes: Uint8Array): Promise<void>;
  close(): Promise<void>;
}

/** Paths are relative to the models folder, with forward slashes. */
export interface ModelFolder {
  /** The file's size in bytes, null when there is none. */
  size(path: string): Promise<number | null>;
  read(path: string): Promise<Uint8Array | null>;
  /** Writes from `offset` on, keeping the first `offset` bytes (0 starts the file afresh). */
  writer(path: string, offset: number): Promise<FileWriter>;
  rename(from: string, to: string): Promise<void>;
  remove(path: string): Promise<void>;
}

export function nodeModelFolder(root: string): ModelFolder {
  const full = (path: string) => join(root, ...path.split('/'));
  return {
    async size(path) {
      const info = await stat(full(path)).catch(missingAsNull);
      return info?.isFile() === true ? info.size : null;
    },
    async read(path) {
      const bytes = await readFile(full(path)).catch(missingAsNull);
      return bytes === null ? null : new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length);
    },
    async writer(path, offset) {
      await mkdir(dirname(full(path)), { recursive: true });
      const handle = await open(full(path), offset === 0 ? 'w' : 'r+');
      await handle.truncate(offset);
      let position = offset;
      return {
        async write(bytes) {
          await handle.write(bytes, 0, bytes.length, position);
          position += bytes.length;
        },
        close: () => handle.close(),
      };
    },
    async rename(from, to) {
      await mkdir(dirname(full(to)), { recursive: true });
      await rename(full(from), full(to));
    },
    async remove(path) {
      await rm(full(path), { force: true });
    },
  };
}

function missingAsNull(error: unknown): null {
  const code = (error as { code?: string }).code;
  if (code === 'ENOENT' || code === 'ENOTDIR') return null;
  throw error;
}
