/**
 * Deleting from a headless vault always keeps the file recoverable: to the system trash when
 * app.json says "system" (Obsidian's default), else to the vault's own `.trash/` folder, which
 * Obsidian also uses for "local". "none" (delete permanently) is treated as local: a tool
 * acting for an AI client never destroys a note outright. If the system trash fails (no desktop
 * trash on a server), the local trash takes the file instead.
 */
import { mkdir, rename } from 'node:fs/promises';
import { freePathIn, pathExists } from '@mcp-connector/shared';
import { basename, join } from 'node:path';
import type { AppSettings } from '@mcp-connector/markdown/vault';
import { assertContained } from './containment.ts';

export const LOCAL_TRASH = '.trash';

export async function moveToTrash(
  root: string,
  diskPath: string,
  option: AppSettings['trashOption'],
): Promise<'system' | 'local'> {
  const absolute = join(root, diskPath);
  if (option === 'system') {
    try {
      // Loaded on first delete: the package and its dependencies cost about 14 MiB of memory.
      const { default: trash } = await import('trash');
      await trash(absolute, { glob: false });
      if (!(await pathExists(absolute))) return 'system';
    } catch {
      // fall through to the local trash
    }
  }
  assertContained(root, LOCAL_TRASH);
  await mkdir(join(root, LOCAL_TRASH), { recursive: true });
  await rename(absolute, await freePathIn(join(root, LOCAL_TRASH), basename(diskPath)));
  return 'local';
}
