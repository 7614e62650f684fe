/**
 * Containment: every disk path NodeHost touches must stay inside the real vault folder. A path is
 * refused (`invalid_path`) when any existing part of it, from the vault root down to the entry
 * itself, is a symbolic link, whatever the link points to (outside the vault, the config folder,
 * or another vault folder): a link inside the vault is invisible, like a file the vault does not
 * contain (docs/architecture/ADR-0007-symlinks-are-invisible.md). The root itself is resolved
 * once, at open, with realpath, so a vault reached through a link still works.
 * Checked at every operation, not only at the scan, so a folder swapped for a link while serving
 * is refused at the next read or write. The check is synchronous: an `lstat` of a local path is
 * a microsecond or two, and the thread-pool round trip of the promise version cost several times
 * that on every read (docs/performance.md).
 */
import { ToolError } from '@mcp-connector/shared';
import { closeSync, constants, lstatSync, openSync, type Stats } from 'node:fs';
import { join } from 'node:path';
import { readTextSync } from './read-text.ts';

/** Throws `invalid_path` when `diskPath` (relative to `root`) passes through a symbolic link. */
export function assertContained(root: string, diskPath: string): void {
  const link = firstLink(root, diskPath);
  if (link !== null) {
    const vaultPath = diskPath.normalize('NFC');
    throw new ToolError(
      'invalid_path',
      `Invalid path "${vaultPath}": ${link.normalize('NFC')} is a symbolic link, and the vault does not follow links. Use a path to a real file or folder.`,
      { path: vaultPath },
    );
  }
}

/**
 * A file's text, read through no link (else it throws), for a burst of reads in one task:
 * `realFolders` holds the folders earlier reads found real, which are not looked at again, and
 * the file itself is opened with O_NOFOLLOW where the system has it (one lstat less a file).
 */
export function readRealFile(root: string, diskPath: string, realFolders: Set<string>): string {
  const slash = diskPath.lastIndexOf('/');
  const folder = slash === -1 ? '' : diskPath.slice(0, slash);
  if (folder !== '' && !realFolders.has(folder)) {
    assertContained(root, folder);
    realFolders.add(folder);
  }
  const absolute = join(root, diskPath);
  if (NO_FOLLOW === undefined) {
    assertContained(root, diskPath);
    return readTextSync(absolute);
  }
  const fd = openSync(absolute, constants.O_RDONLY | NO_FOLLOW);
  try {
    return readTextSync(fd);
  } finally {
    closeSync(fd);
  }
}

const NO_FOLLOW = (constants as { O_NOFOLLOW?: number }).O_NOFOLLOW;

/** Whether `diskPath` exists as a real entry of `kind` with no link anywhere on its way. */
export function isRealEntry(root: string, diskPath: string, kind: 'file' | 'folder'): boolean {
  if (firstLink(root, diskPath) !== null) return false;
  try {
    const stats = lstatSync(join(root, diskPath));
    return kind === 'file' ? stats.isFile() : stats.isDirectory();
  } catch {
    return false;
  }
}

/**
 * The first part of the path, from the root down, that is a link; null when none is. One
 * `lstat` per part below the root (the root is real already): cheaper than a `realpath`, which
 * walks every part of the absolute path, and it names the link.
 */
function firstLink(root: string, diskPath: string): string | null {
  let prefix = '';
  for (const segment of diskPath.split('/')) {
    if (segment === '') continue;
    prefix = prefix === '' ? segment : `${prefix}/${segment}`;
    const stats = lstatOrUndefined(join(root, prefix));
    // Missing: the rest does not exist yet, and whatever gets created there is a real entry.
    if (stats === undefined) return null;
    if (stats.isSymbolicLink()) return prefix;
  }
  return null;
}

function lstatOrUndefined(absolute: string): Stats | undefined {
  try {
    return lstatSync(absolute, { throwIfNoEntry: false });
  } catch {
    return undefined; // a part that is a file, or unreadable: nothing below it can be reached
  }
}
