/**
 * Deleting from a headless vault always keeps the file recoverable: to the system trash when
 * app.json says "system" (Obsidian's default), else to the vault's own `.trash/` folder, which
 * Obsidian also uses for "local". "none" (delete permanently) is treated as local: a tool
 * acting for an AI client never destroys a note outright. If the system trash fails (no desktop
 * trash on a server), the local trash takes the file instead.
 */
import { access, mkdir, rename } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
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
      if (!(await exists(absolute))) return 'system';
    } catch {
      // fall through to the local trash
    }
  }
  await assertContained(root, LOCAL_TRASH);
  await mkdir(join(root, LOCAL_TRASH), { recursive: true });
  await rename(absolute, await freeTrashPath(root, basename(diskPath)));
  return 'local';
}

/** `.trash/<name>`, or `<stem> 2<ext>`, `<stem> 3<ext>`... when taken. */
async function freeTrashPath(root: string, name: string): Promise<string> {
  const extension = extname(name);
  const stem = name.slice(0, name.length - extension.length);
  for (let attempt = 1; ; attempt++) {
    const candidate = join(
      root,
      LOCAL_TRASH,
      attempt === 1 ? name : `${stem} ${attempt}${extension}`,
    );
    if (!(await exists(candidate))) return candidate;
  }
}

async function exists(path: string): Promise<boolean> {
  try {
    await access(path);
    return true;
  } catch {
    return false;
  }
}
