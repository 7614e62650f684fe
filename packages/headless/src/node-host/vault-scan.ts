/**
 * Walks a vault folder the way Obsidian loads one: every file and folder except dot-entries
 * (the config folder, .trash, .git, ...), with names NFC-normalised for the vault path while the
 * on-disk name is kept for I/O. Temp files of an interrupted atomic write are collected, so
 * opening a vault can sweep them. `onFolder` hears of each real folder before it is listed (the
 * watcher starts watching it there, so nothing created meanwhile goes unseen).
 */
import type { Stats } from 'node:fs';
import { lstat, readdir } from 'node:fs/promises';
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

/** Files whose stat is asked for at once. */
const STAT_BATCH = 256;

export async function scanVault(
  root: string,
  onFolder: (diskPath: string) => void = () => undefined,
): Promise<VaultScan> {
  const scan: VaultScan = { files: [], folders: [], leftovers: [] };
  await walk(root, '', '', scan, onFolder);
  return scan;
}

async function walk(
  root: string,
  diskFolder: string,
  vaultFolder: string,
  scan: VaultScan,
  onFolder: (diskPath: string) => void,
): Promise<void> {
  onFolder(diskFolder);
  const entries = await readdir(join(root, diskFolder), { withFileTypes: true });
  const subfolders: Promise<void>[] = [];
  const files: { path: string; diskPath: string }[] = [];
  for (const entry of entries) {
    const diskPath = diskFolder === '' ? entry.name : `${diskFolder}/${entry.name}`;
    if (entry.isFile() && isAtomicTempName(entry.name)) scan.leftovers.push(diskPath);
    if (entry.name.startsWith('.')) continue;
    const path =
      vaultFolder === ''
        ? entry.name.normalize('NFC')
        : `${vaultFolder}/${entry.name.normalize('NFC')}`;
    if (entry.isDirectory()) {
      scan.folders.push({ path, diskPath });
      subfolders.push(walk(root, diskPath, path, scan, onFolder));
    } else if (entry.isFile()) {
      files.push({ path, diskPath });
    }
  }
  for (let start = 0; start < files.length; start += STAT_BATCH) {
    const batch = files.slice(start, start + STAT_BATCH);
    const stats = await Promise.all(
      // Not path.join: the disk path is already clean, and join costs at 100k files.
      batch.map((file) => lstat(`${root}/${file.diskPath}`).catch(() => null)),
    );
    batch.forEach((file, i) => {
      const stat = stats[i] as Stats | null; // null: gone since it was listed
      if (stat !== null) scan.files.push({ ...file, stat: toFileStat(stat) });
    });
  }
  await Promise.all(subfolders);
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
