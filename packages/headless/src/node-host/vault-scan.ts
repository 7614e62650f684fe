/**
 * Walks a vault folder the way Obsidian loads one: every file and folder except dot-entries
 * (the config folder, .trash, .git, ...), with names NFC-normalised for the vault path while the
 * on-disk name is kept for I/O. Temp files of an interrupted atomic write are collected, so
 * opening a vault can sweep them. `onFolder` hears of each real folder before it is listed (the
 * watcher starts watching it there, so nothing created meanwhile goes unseen). The listing and
 * the files' stats are two steps, so the index build can read its cache while a thread takes
 * the stats.
 */
import { readdirSync, type Dirent } from 'node:fs';
import { join } from 'node:path';
import { isAtomicTempName } from '@mcp-connector/shared';
import type { FileStat } from '@mcp-connector/obsidian-plugin/host';
import { statAt, statFiles } from './file-stats.ts';
import { nextTurn } from './next-turn.ts';

/** An entry as listed: its vault path (NFC) and its name on disk. */
export interface ListedEntry {
  path: string;
  diskPath: string;
}

export interface ScannedFile extends ListedEntry {
  stat: FileStat;
}

export type ScannedFolder = ListedEntry;

export interface VaultScan {
  files: ScannedFile[];
  folders: ScannedFolder[];
  /** Disk paths of temp files a crash left mid-write (writeFileAtomic's names). */
  leftovers: string[];
}

/** The vault's files and folders as listed, before their stats are taken. */
export interface VaultListing extends Omit<VaultScan, 'files'> {
  files: ListedEntry[];
}

/**
 * Lists the vault, yielding a turn of the event loop before each folder, so requests and a
 * close are not held up by it.
 */
export async function listVault(
  root: string,
  onFolder: (diskPath: string) => void = () => undefined,
): Promise<VaultListing> {
  const listing: VaultListing = { files: [], folders: [], leftovers: [] };
  const folders: ScannedFolder[] = [{ diskPath: '', path: '' }];
  // Breadth first, each folder's entries in the order they were listed.
  for (let next = 0; next < folders.length; next++) {
    await nextTurn();
    const folder = folders[next] as ScannedFolder;
    onFolder(folder.diskPath);
    listFolder(root, folder, listing, folders);
  }
  return listing;
}

/**
 * The listing with its files' stats (file-stats.ts: in a thread for a big vault, so the caller
 * can read the metadata cache meanwhile); a file gone since it was listed is left out.
 */
export async function statListing(root: string, listing: VaultListing): Promise<VaultScan> {
  const stats = await statFiles(
    root,
    listing.files.map((file) => file.diskPath),
  );
  const files: ScannedFile[] = [];
  for (const [i, file] of listing.files.entries()) {
    const stat = statAt(stats, i);
    if (stat !== null) files.push({ path: file.path, diskPath: file.diskPath, stat });
  }
  return { ...listing, files };
}

/**
 * A folder's entries; none for a subfolder that another program removed or replaced by a file
 * since its parent was listed (the watcher reports that change, and the vault opens anyway).
 */
function folderEntries(root: string, folder: ScannedFolder): Dirent[] {
  try {
    return readdirSync(join(root, folder.diskPath), { withFileTypes: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (folder.diskPath !== '' && (code === 'ENOENT' || code === 'ENOTDIR')) return [];
    throw error;
  }
}

/** Lists one folder into the listing; its subfolders go to `folders` too, to be listed next. */
function listFolder(
  root: string,
  folder: ScannedFolder,
  listing: VaultListing,
  folders: ScannedFolder[],
): void {
  for (const entry of folderEntries(root, folder)) {
    const diskPath = folder.diskPath === '' ? entry.name : `${folder.diskPath}/${entry.name}`;
    if (entry.isFile() && isAtomicTempName(entry.name)) listing.leftovers.push(diskPath);
    if (entry.name.startsWith('.')) continue;
    const name = entry.name.normalize('NFC');
    const path = folder.path === '' ? name : `${folder.path}/${name}`;
    if (entry.isDirectory()) {
      listing.folders.push({ path, diskPath });
      folders.push({ path, diskPath });
    } else if (entry.isFile()) {
      listing.files.push({ path, diskPath });
    }
  }
}
