/**
 * The test page's models folder: the browser's origin-private file system, which outlives a
 * browser restart with the same profile, as the plugin folder outlives an Obsidian restart.
 * Obsidian itself uses Node's file system (model-folder.ts); the downloader and loader above
 * this interface are the same code.
 */
import {
  plainBuffer,
  type FileWriter,
  type ModelFolder,
} from '../../../packages/obsidian-plugin/src/features/semantic-search/index.ts';

async function parentOf(
  path: string,
  create: boolean,
): Promise<{ directory: FileSystemDirectoryHandle; name: string } | null> {
  const parts = path.split('/');
  const name = parts.pop() as string;
  let directory = await navigator.storage.getDirectory();
  for (const part of parts) {
    try {
      directory = await directory.getDirectoryHandle(part, { create });
    } catch {
      return null;
    }
  }
  return { directory, name };
}

async function fileOf(path: string): Promise<File | null> {
  const parent = await parentOf(path, false);
  if (parent === null) return null;
  try {
    return await (await parent.directory.getFileHandle(parent.name)).getFile();
  } catch {
    return null;
  }
}

export function opfsModelFolder(): ModelFolder {
  const folder: ModelFolder = {
    async size(path) {
      return (await fileOf(path))?.size ?? null;
    },
    async read(path) {
      const file = await fileOf(path);
      return file === null ? null : new Uint8Array(await file.arrayBuffer());
    },
    async writer(path, offset): Promise<FileWriter> {
      const parent = await parentOf(path, true);
      if (parent === null) throw new Error(`cannot create ${path}`);
      const handle = await parent.directory.getFileHandle(parent.name, { create: true });
      const stream = await handle.createWritable({ keepExistingData: true });
      await stream.truncate(offset);
      await stream.seek(offset);
      return {
        write: (bytes) => stream.write(plainBuffer(bytes)),
        close: () => stream.close(),
      };
    },
    async rename(from, to) {
      const bytes = await folder.read(from);
      if (bytes === null) throw new Error(`${from} is missing`);
      const writer = await folder.writer(to, 0);
      await writer.write(bytes);
      await writer.close();
      await folder.remove(from);
    },
    async remove(path) {
      const parent = await parentOf(path, false);
      await parent?.directory.removeEntry(parent.name).catch(() => undefined);
    },
  };
  return folder;
}
