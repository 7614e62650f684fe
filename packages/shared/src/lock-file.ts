/**
 * Files that serve as a lock between processes: created exclusively (`O_EXCL`), and taken over
 * from a holder that is gone only through a guard file, so of processes racing over a stale
 * lock exactly one wins (live-server.json, ADR-0009; the change journal's lock, ADR-0030).
 * Synchronous: each is a few small system calls, taken around every journaled write, where a
 * round trip through libuv's pool per call cost more than the calls (ADR-0023).
 */
import { closeSync, openSync, readFileSync, rmSync, statSync, writeSync } from 'node:fs';

/** Creates the file with this text; false when it exists already. */
export function createExclusively(path: string, text: string): boolean {
  let descriptor;
  try {
    descriptor = openSync(path, 'wx');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    writeSync(descriptor, text);
  } finally {
    closeSync(descriptor);
  }
  return true;
}

/** The file's text, or null when there is none. */
export function readTextIfExists(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

export function isOlderThan(path: string, milliseconds: number): boolean {
  const stats = statSync(path, { throwIfNoEntry: false });
  return stats !== undefined && Date.now() - stats.mtimeMs > milliseconds;
}

/** Removes the file if it still holds `text` (a lock this process made, never another's). */
export function removeIfStill(path: string, text: string): void {
  if (readTextIfExists(path) === text) rmSync(path, { force: true });
}

/**
 * Replaces a stale lock (`staleText`, judged so by the caller) with `mine`. Only the holder of
 * `<path>.takeover` (made exclusively, held for a moment) removes it, and only while it is still
 * the text judged stale: a lock is never removed after another process took it. A guard left by
 * a crash mid-takeover is cleared once it is `staleAfterMs` old.
 */
export function replaceStale(
  path: string,
  staleText: string,
  mine: string,
  staleAfterMs: number,
): boolean {
  const guard = `${path}.takeover`;
  if (!createExclusively(guard, String(process.pid))) {
    if (isOlderThan(guard, staleAfterMs)) rmSync(guard, { force: true });
    return false;
  }
  try {
    removeIfStill(path, staleText);
    return createExclusively(path, mine);
  } finally {
    rmSync(guard, { force: true });
  }
}
