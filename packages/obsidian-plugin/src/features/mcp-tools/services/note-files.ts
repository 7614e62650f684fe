/**
 * Which vault files are notes, and the orders the structure tools list files in. A note is a
 * Markdown file (`.md`), as Obsidian counts them; everything else is an "other" file. Orders are
 * total (ties broken by path) so a listing never depends on the host's iteration order.
 */
import type { VaultFile, VaultHost } from '../../../host/vault-host.ts';

export function isNote(file: VaultFile): boolean {
  return file.extension === 'md';
}

/** Every note of the vault, sorted by path (code-unit order: cheap and deterministic). */
export function notesByPath(host: VaultHost): VaultFile[] {
  return host
    .listFiles()
    .filter(isNote)
    .sort((a, b) => byCodeUnits(a.path, b.path));
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

/** The `count` most recently modified files (all kinds), newest first. */
export function recentFiles(
  host: VaultHost,
  count: number,
): { files: RecentFile[]; total: number } {
  const files = [...host.listFiles()]; // sorted in place: never the host's own array
  const newest = files.sort(byNewest).slice(0, count);
  return {
    files: newest.map((file) => ({ path: file.path, mtime: file.stat.mtime })),
    total: files.length,
  };
}
