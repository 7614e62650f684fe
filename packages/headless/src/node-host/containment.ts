/**
 * Containment: every disk path NodeHost touches must stay inside the real vault folder. A path is
 * refused (`invalid_path`) when any existing part of it, from the vault root down to the entry
 * itself, is a symbolic link, whatever the link points to (outside the vault, the config folder,
 * or another vault folder): a link inside the vault is invisible, like a file the vault does not
 * contain (docs/architecture/ADR-0007-symlinks-are-invisible.md). The root itself is resolved
 * once, at open, with realpath, so a vault reached through a link still works.
 * Checked at every operation, not only at the scan, so a folder swapped for a link while serving
 * is refused at the next read or write.
 */
import { ToolError } from '@mcp-connector/shared';
import { lstat, realpath } from 'node:fs/promises';
import { join } from 'node:path';

/** Throws `invalid_path` when `diskPath` (relative to `root`) passes through a symbolic link. */
export async function assertContained(root: string, diskPath: string): Promise<void> {
  const link = await firstLink(root, diskPath);
  if (link !== null) {
    const vaultPath = diskPath.normalize('NFC');
    throw new ToolError(
      'invalid_path',
      `Invalid path "${vaultPath}": ${link.normalize('NFC')} is a symbolic link, and the vault does not follow links. Use a path to a real file or folder.`,
      { path: vaultPath },
    );
  }
}

/** Whether `diskPath` exists as a real entry of `kind` with no link anywhere on its way. */
export async function isRealEntry(
  root: string,
  diskPath: string,
  kind: 'file' | 'folder',
): Promise<boolean> {
  if ((await firstLink(root, diskPath)) !== null) return false;
  try {
    const stats = await lstat(join(root, diskPath));
    return kind === 'file' ? stats.isFile() : stats.isDirectory();
  } catch {
    return false;
  }
}

/** The first part of the path, from the root down, that is a link; null when none is. */
async function firstLink(root: string, diskPath: string): Promise<string | null> {
  // One call answers the common case (an existing path with no link): its real path is itself,
  // the root being real already. Otherwise each part is looked at, to name the link.
  const absolute = join(root, diskPath);
  if ((await realpath(absolute).catch(() => null)) === absolute) return null;
  const segments = diskPath.split('/').filter((segment) => segment !== '');
  for (let depth = 1; depth <= segments.length; depth++) {
    const prefix = segments.slice(0, depth).join('/');
    try {
      if ((await lstat(join(root, prefix))).isSymbolicLink()) return prefix;
    } catch {
      return null; // the rest does not exist yet: whatever gets created there is a real entry
    }
  }
  return null;
}
