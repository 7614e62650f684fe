/**
 * How a change reads in the view and the notice: its time, its files in a line, and whether an
 * AI client's change touched more than one file (what the notice is for). Browser-safe.
 */
import type { ListedChange } from './change-listing.ts';

const SHOWN_FILES = 5;

/** "10:27" today, "1 Dec, 10:27" another day (in the user's locale). */
export function changeTime(iso: string, now: Date = new Date()): string {
  const time = new Date(iso);
  const clock = time.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
  if (time.toDateString() === now.toDateString()) return clock;
  return `${time.toLocaleDateString(undefined, { day: 'numeric', month: 'short' })}, ${clock}`;
}

/** The files (not folders) it touched. */
export function changedFiles(change: ListedChange): number {
  const listedFolders = change.files.filter((file) => file.folder === true).length;
  return change.fileCount - listedFolders;
}

/** "a.md, b.md (moved from c.md) and 3 more". */
export function filesLine(change: ListedChange): string {
  const files = change.files.filter((file) => file.folder !== true);
  const named = files
    .slice(0, SHOWN_FILES)
    .map((file) => (file.from === undefined ? file.path : `${file.path} (from ${file.from})`));
  const more = changedFiles(change) - named.length;
  return more > 0 ? `${named.join(', ')} and ${more} more` : named.join(', ');
}

export function isMultiFileAgentChange(change: ListedChange): boolean {
  return change.tokenId !== null && changedFiles(change) > 1;
}

export function noticeText(change: ListedChange): string {
  return `${change.token} changed ${changedFiles(change)} files (${change.tool}).`;
}
