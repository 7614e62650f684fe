/**
 * Walks a vault folder the way Obsidian loads one: every file and folder except dot-entries
 * (the config folder, .trash, .git, ...), with names NFC-normalised for the vault path while the
 * on-disk name is kept for I/O. Temp files of an interrupted atomic write are collected, so
 * opening a vault can sweep them. `onFolder` hears of each real folder before it is listed (the
 * watcher starts watching it there, so nothing created meanwhile goes unseen).
 */
import type { Stats } from 'node:fs';
import { lstatSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { isAtomicTempName } from '@mcp-connector/shared';
import type { FileStat } from '@mcp-connector/obsidian-plugin/host';

export interface ScannedFile {
  path: string;
  diskPath: string;
  stat: FileStat;
}

export interface ScannedFolder {
  path: string;
  diskPath: string;
}

export interface VaultScan {
  files: ScannedFile[];
  folders: ScannedFolder[];
  /** Disk paths of temp files a crash left mid-write (writeFileAtomic's names). */
  leftovers: string[];
}

/** Files whose stat is taken between two turns of the event loop. */
const STAT_BATCH = 256;

export async function scanVault(
  root: string,
  onFolder: (diskPath: string) => void = () => undefined,
): Promise<VaultScan> {
  const scan: VaultScan = { files: [], folders: [], leftovers: [] };
  const folders: ScannedFolder[] = [{ diskPath: '', path: '' }];
  // Breadth first, each folder's entries in the order they were listed.
  for (let next = 0; next < folders.length; next++) {
    const folder = folders[next] as ScannedFolder;
    onFolder(folder.diskPath);
    const files = listFolder(root, folder, scan, folders);
    // Synchronous, a batch per turn: Node's promise lstat made the scan of 100,000 files take
    // about a second of its warm start (a thread-pool trip and a promise each); requests and
    // a close still get their turn between batches.
    for (let start = 0; start < files.length; start += STAT_BATCH) {
      await nextTurn();
      for (const file of files.slice(start, start + STAT_BATCH)) {
        const stat = lstatOrNull(`${root}/${file.diskPath}`); // null: gone since it was listed
        if (stat !== null) scan.files.push({ ...file, stat: toFileStat(stat) });
      }
    }
  }
  return scan;
}

/** Lists one folder: its subfolders go to `folders`, its files are returned to be stat'ed. */
function listFolder(
  root: string,
  folder: ScannedFolder,
  scan: VaultScan,
  folders: ScannedFolder[],
): ScannedFolder[] {
  const files: ScannedFolder[] = [];
  for (const entry of readdirSync(join(root, folder.diskPath), { withFileTypes: true })) {
    const diskPath = folder.diskPath === '' ? entry.name : `${folder.diskPath}/${entry.name}`;
    if (entry.isFile() && isAtomicTempName(entry.name)) scan.leftovers.push(diskPath);
    if (entry.name.startsWith('.')) continue;
    const name = entry.name.normalize('NFC');
    const path = folder.path === '' ? name : `${folder.path}/${name}`;
    if (entry.isDirectory()) {
      scan.folders.push({ path, diskPath });
      folders.push({ path, diskPath });
    } else if (entry.isFile()) {
      files.push({ path, diskPath });
    }
  }
  return files;
}

function lstatOrNull(absolute: string): Stats | null {
  try {
    return lstatSync(absolute);
  } catch {
    return null;
  }
}

/** Resolves at the next turn of the event loop, after what is waiting for one ran. */
export function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

export function toFileStat(stats: {
  birthtimeMs: number;
  ctimeMs: number;
  mtimeMs: number;
  size: number;
}): FileStat {
  const created = stats.birthtimeMs > 0 ? stats.birthtimeMs : stats.ctimeMs;
  return { ctime: Math.round(created), mtime: Math.round(stats.mtimeMs), size: stats.size };
}
