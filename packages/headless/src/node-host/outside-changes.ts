/**
 * Applies a change the watcher saw to the vault's state, so a note edited in another program is
 * re-indexed and listeners hear about it. Changes the server made itself are recognised (the
 * table already holds the same size and mtime) and skipped. Each event passes the start-up scan's
 * rules: only real files and folders, never a symbolic link or anything under one.
 */
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { stripBom, type VaultState } from './vault-state.ts';
import { isIndexedText } from '@mcp-connector/markdown/vault';
import { toFileStat } from './vault-scan.ts';
import { isRealEntry } from './containment.ts';
import type { WatchedChange } from './vault-watcher.ts';

export async function applyOutsideChange(
  state: VaultState,
  change: WatchedChange,
  diskPath: string,
): Promise<void> {
  const path = diskPath.normalize('NFC');
  switch (change) {
    case 'add':
    case 'change':
      return syncFile(state, path, diskPath);
    case 'unlink':
      if (state.table.file(path) !== undefined) state.forgetFile(path);
      return;
    case 'addDir':
      if (!state.table.hasFolder(path) && (await isRealEntry(state.root, diskPath, 'folder'))) {
        state.table.addFolder(path, diskPath);
        state.emit({ kind: 'create', path });
      }
      return;
    case 'unlinkDir':
      if (state.table.hasFolder(path)) state.forgetFolder(path);
      return;
  }
}

async function syncFile(state: VaultState, path: string, diskPath: string): Promise<void> {
  if (!(await isRealEntry(state.root, diskPath, 'file'))) {
    if (state.table.file(path) !== undefined) state.forgetFile(path);
    return; // a link, or under one: invisible, as at the start-up scan
  }
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
