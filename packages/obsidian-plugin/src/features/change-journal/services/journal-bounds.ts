/**
 * How far back the journal reaches: changes older than `maxAgeDays` go, and while the journal
 * and its images are over `maxSizeMb` the oldest changes go too, down to 80% of it so the next
 * change does not compact again at once. The newest change stays whatever its size (until it
 * is too old), so the change just made can always be undone.
 * Idempotency keys stay for their 24 hours within a share of the size budget (KEY_SHARE): past
 * it, the oldest go first (a retry of theirs runs again). A compaction leaves room to grow
 * (`regrowthBytes`) before the next, so compaction is amortised over many writes (ADR-0041).
 * Pinned versions (change-pin.ts) always stay, outside both bounds: the person or agent who pinned one asked
 * for it to outlive pruning, so neither their age nor their bytes make others go.
 */
import type { ChangeJournalSettings } from '@mcp-connector/shared';
import { encodeLines } from './journal-file.ts';
import { changeBlobs, type Change, type KeyLine } from './change-record.ts';

export const KEY_LIFETIME_MS = 24 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
const MB = 1024 * 1024;
const TARGET_SHARE = 0.8;
/** What keys may hold of the size budget; changes get the rest of the target. */
const KEY_SHARE = 0.25;
/** How much the journal grows past its last compaction before the next (of the budget). */
const REGROWTH_SHARE = 0.1;

export function regrowthBytes(bounds: ChangeJournalSettings): number {
  return bounds.maxSizeMb * MB * REGROWTH_SHARE;
}

export interface JournalSize {
  journalBytes: number;
  imageBytes: number;
}

/** Whether the journal is past a bound and should be compacted now. */
export function overBounds(
  oldest: Change | undefined,
  oldestKey: KeyLine | undefined,
  size: JournalSize,
  bounds: ChangeJournalSettings,
  now: number,
): boolean {
  if (size.journalBytes + size.imageBytes > bounds.maxSizeMb * MB) return true;
  if (oldest !== undefined && Date.parse(oldest.time) < now - bounds.maxAgeDays * DAY_MS)
    return true;
  return oldestKey !== undefined && Date.parse(oldestKey.time) < now - KEY_LIFETIME_MS;
}

/** The ids of the changes to keep: every pinned version, and the newest within the bounds. */
export function changesToKeep(
  changes: readonly Change[],
  blobSize: (blob: string) => number,
  bounds: ChangeJournalSettings,
  now: number,
): Set<string> {
  const pinned = changes.filter(isPinned);
  const keep = new Set(pinned.map((change) => change.id));
  const counted = new Set(pinned.flatMap(changeBlobs));
  const target = bounds.maxSizeMb * MB * (TARGET_SHARE - KEY_SHARE);
  const oldestKept = now - bounds.maxAgeDays * DAY_MS;
  let bytes = 0;
  for (let index = changes.length - 1; index >= 0; index--) {
    const change = changes[index] as Change;
    if (isPinned(change)) continue;
    if (Date.parse(change.time) < oldestKept) break;
    bytes += encodeLines([{ t: 'commit', change }]).length;
    for (const blob of changeBlobs(change)) {
      if (!counted.has(blob)) bytes += blobSize(blob);
      counted.add(blob);
    }
    if (bytes > target && keep.size > pinned.length) break;
    keep.add(change.id);
  }
  return keep;
}

/** What the pinned versions take of the journal: left out when judging its bounds. */
export function pinnedSize(changes: readonly Change[], blobSize: (blob: string) => number) {
  const pinned = changes.filter(isPinned);
  const blobs = new Set(pinned.flatMap(changeBlobs));
  return {
    journalBytes: pinned.reduce(
      (sum, change) => sum + encodeLines([{ t: 'commit', change }]).length,
      0,
    ),
    imageBytes: [...blobs].reduce((sum, blob) => sum + blobSize(blob), 0),
  };
}

export function isPinned(change: Change): boolean {
  return change.pin !== undefined;
}

/** The keys within their 24 hours, newest first within their share of the budget. */
export function liveKeys(
  keys: readonly KeyLine[],
  bounds: ChangeJournalSettings,
  now: number,
): KeyLine[] {
  const budget = bounds.maxSizeMb * MB * KEY_SHARE;
  const kept: KeyLine[] = [];
  let bytes = 0;
  for (let index = keys.length - 1; index >= 0; index--) {
    const key = keys[index] as KeyLine;
    if (Date.parse(key.time) < now - KEY_LIFETIME_MS) continue;
    bytes += encodeLines([key]).length;
    if (bytes > budget) break;
    kept.push(key);
  }
  return kept.reverse();
}
