/**
 * Which vault files are notes, and the orders the structure tools list files in. A note is a
 * Markdown file (`.md`), as Obsidian counts them; everything else is an "other" file. Orders are
 * total (ties broken by path) so a listing never depends on the host's iteration order.
 */
import { NEWEST_KEPT } from '@mcp-connector/markdown/vault';
import type { VaultFile, VaultHost } from '../../../host/vault-host.ts';

export function isNote(file: VaultFile): boolean {
  return file.extension === 'md';
}

/** Every note of the vault, sorted by path (code-unit order: cheap and deterministic). */
export function notesByPath(host: VaultHost): VaultFile[] {
  const indexed = host.indexed?.();
  if (indexed === undefined || indexed === null)
    return host
      .listFiles()
      .filter(isNote)
      .sort((a, b) => byCodeUnits(a.path, b.path));
  const notes: VaultFile[] = [];
  for (const path of indexed.sortedNotes()) {
    const file = host.getFile(path);
    if (file !== null) notes.push(file);
  }
  return notes;
}

export function byCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

const naturalOrder = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** The order people read paths in: case-insensitive, numbers by value, ties by code units. */
export function byName(a: string, b: string): number {
  return naturalOrder.compare(a, b) || byCodeUnits(a, b);
}

/** Newest first; equal times by path. */
export function byNewest(a: VaultFile, b: VaultFile): number {
  return b.stat.mtime - a.stat.mtime || byCodeUnits(a.path, b.path);
}

export interface RecentFile {
  path: string;
  /** Last modification, ms since the epoch. */
  mtime: number;
}

/** The `count` most recently modified files (all kinds), newest first: the host's when it keeps them. */
export function recentFiles(
  host: VaultHost,
  count: number,
): { files: RecentFile[]; total: number } {
  const indexed = host.indexed?.();
  if (indexed !== undefined && indexed !== null && count <= NEWEST_KEPT) {
    const counts = indexed.fileCounts();
    return { files: indexed.newestFiles(count), total: counts.notes + counts.otherFiles };
  }
  const files = host.listFiles();
  return {
    files: newestOf(files, count).map((file) => ({ path: file.path, mtime: file.stat.mtime })),
    total: files.length,
  };
}

/**
 * The first `count` files by `byNewest`, without sorting them all: one pass keeps the best so
 * far in order (a vault of 100,000 files and a count of 10 costs a few comparisons per file).
 */
export function newestOf(files: readonly VaultFile[], count: number): VaultFile[] {
  if (count <= 0) return [];
  if (count * 8 >= files.length) return [...files].sort(byNewest).slice(0, count);
  const best: VaultFile[] = [];
  for (const file of files) {
    if (best.length === count && byNewest(file, best[count - 1] as VaultFile) >= 0) continue;
    let at = best.length;
    while (at > 0 && byNewest(file, best[at - 1] as VaultFile) < 0) at--;
    best.splice(at, 0, file);
    if (best.length > count) best.pop();
  }
  return best;
}
