/**
 * Applies what the watcher reported to the vault's state, so a note edited in another program is
 * re-indexed and listeners hear about it. Each reported entry is looked at on disk and compared
 * with the file table: a file that appeared or changed is (re-)indexed, a folder that appeared is
 * watched and walked (its content may predate the watch), and an entry that is gone, or is now a
 * symbolic link or under one, leaves every index. Changes the server made itself are recognised
 * (the table already holds the same size and mtime) and skipped.
 */
import { lstat, readFile, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { isIndexedText } from '@mcp-connector/markdown/vault';
import { stripBom, type VaultState } from './vault-state.ts';
import { toFileStat } from './file-stats.ts';
import { isRealEntry } from './containment.ts';
import type { VaultWatcher, WatchedBatch } from './vault-watcher.ts';

export async function applyOutsideBatch(
  state: VaultState,
  watcher: VaultWatcher,
  batch: WatchedBatch,
): Promise<void> {
  const entries = new Set(batch.entries);
  for (const folder of batch.folders)
    for (const entry of await listingOf(state, folder, true)) entries.add(entry);
  for (const diskPath of entries) await applyOutsideChange(state, watcher, diskPath);
}

/** The folder's entries on disk (and in the table, so that removals show too). */
async function listingOf(state: VaultState, folder: string, withKnown: boolean): Promise<string[]> {
  const prefix = folder === '' ? '' : `${folder}/`;
  const names = await readdir(join(state.root, folder)).catch(() => [] as string[]);
  const known = withKnown ? state.table.childrenOf(folder.normalize('NFC')) : [];
  return [
    ...names.filter((name) => !name.startsWith('.')).map((name) => prefix + name),
    ...known.map((entry) => entry.diskPath),
  ];
}

export async function applyOutsideChange(
  state: VaultState,
  watcher: VaultWatcher,
  diskPath: string,
): Promise<void> {
  const path = diskPath.normalize('NFC');
  const kind = await entryKind(state.root, diskPath);
  if (kind === 'file') return syncFile(state, path, diskPath);
  if (kind === 'folder') return syncFolder(state, watcher, path, diskPath);
  if (state.table.file(path) !== undefined) state.forgetFile(path);
  else if (state.table.hasFolder(path) && path !== '') {
    watcher.unwatchFolder(state.table.diskPathOf(path) ?? diskPath);
    state.forgetFolder(path);
  }
}

/** A real file or folder (no link on the way), or null when it is gone or invisible. */
async function entryKind(root: string, diskPath: string): Promise<'file' | 'folder' | null> {
  try {
    const stats = await lstat(join(root, diskPath));
    const kind = stats.isFile() ? 'file' : stats.isDirectory() ? 'folder' : null;
    return kind !== null && isRealEntry(root, diskPath, kind) ? kind : null;
  } catch {
    return null;
  }
}

async function syncFolder(
  state: VaultState,
  watcher: VaultWatcher,
  path: string,
  diskPath: string,
): Promise<void> {
  if (state.table.file(path) !== undefined) state.forgetFile(path);
  if (state.table.hasFolder(path)) return;
  state.table.addFolder(path, diskPath);
  state.emit({ kind: 'create', path });
  watcher.watchFolder(diskPath);
  for (const entry of await listingOf(state, diskPath, false))
    await applyOutsideChange(state, watcher, entry);
}

async function syncFile(state: VaultState, path: string, diskPath: string): Promise<void> {
  if (state.table.hasFolder(path)) state.forgetFolder(path);
  let fileStat;
  try {
    fileStat = toFileStat(await stat(join(state.root, diskPath)));
  } catch {
    return; // gone again before we looked
  }
  const known = state.table.file(path)?.file.stat;
  if (known !== undefined && known.mtime === fileStat.mtime && known.size === fileStat.size) return;
  const text = isIndexedText(path)
    ? stripBom(await readFile(join(state.root, diskPath), 'utf8'))
    : null;
  state.recordFile(path, diskPath, fileStat, text);
}
