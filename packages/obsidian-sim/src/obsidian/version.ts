/** The Obsidian version a simulated app behaves as, and how versions compare. */
import type * as Obsidian from 'obsidian';

/** Unless told otherwise: the version of the pinned obsidian.d.ts. */
export const SIMULATED_VERSION = '1.13.1';

/** True when `version` is `since` or later (dotted numbers). */
export function atLeast(version: string, since: string): boolean {
  const a = version.split('.').map(Number);
  const b = since.split('.').map(Number);
  for (let i = 0; i < Math.max(a.length, b.length); i += 1) {
    const difference = (a[i] ?? 0) - (b[i] ?? 0);
    if (difference !== 0) return difference > 0;
  }
  return true;
}

/** Obsidian's own check, as the pinned obsidian.d.ts's Obsidian answers it. */
export const requireApiVersion: typeof Obsidian.requireApiVersion = (version) =>
  atLeast(SIMULATED_VERSION, version);
