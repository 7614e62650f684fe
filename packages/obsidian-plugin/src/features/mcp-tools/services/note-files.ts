/**
 * Which vault files are notes, and the orders the structure tools list files in. A note is a
 * Markdown file (`.md`), as Obsidian counts them; everything else is an "other" file. Orders are
 * total (ties broken by path) so a listing never depends on the host's iteration order.
 */
import type { NewestFile, VaultFile, VaultHost } from '../../../host/vault-host.ts';
import { byName } from '../../../host/vault-path.ts';

export { byName };

export function isNote(file: VaultFile): boolean {
  return file.extension === 'md';
}

/** Every note of the vault, sorted by path (code-unit order: cheap and deterministic). */
export function notesByPath(host: VaultHost): VaultFile[] {
  const notes: VaultFile[] = [];
  for (const path of host.answers().sortedNotes()) {
    const file = host.getFile(path);
    if (file !== null) notes.push(file);
  }
  return notes;
}

/** The `count` (at most NEWEST_KEPT) most recently modified files (all kinds), newest first. */
export function recentFiles(
  host: VaultHost,
  count: number,
): { files: NewestFile[]; total: number } {
  const answers = host.answers();
  const counts = answers.fileCounts();
  return { files: answers.newestFiles(count), total: counts.notes + counts.otherFiles };
}
