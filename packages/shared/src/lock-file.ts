/**
 * Files that serve as a lock between processes: created exclusively (`O_EXCL`), and taken over
 * from a holder that is gone only through a guard file, so of processes racing over a stale
 * lock exactly one wins (live-server.json, ADR-0009; data.json's and the change journal's locks,
 * `ProcessLock`, ADR-0030). Synchronous: each is a few small system calls, taken around every
 * journaled write, where a round trip through libuv's pool per call cost more than the calls
 * (ADR-0023).
 */
import { randomBytes } from 'node:crypto';
import { closeSync, openSync, readFileSync, rmSync, statSync, writeSync } from 'node:fs';
import { setTimeout } from 'node:timers';
import { processIsAlive } from './process-alive.ts';

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
function removeIfStill(path: string, text: string): void {
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

/** How often a process waiting for a `ProcessLock` looks again. */
const POLL_MS = 20;
/** An unreadable lock (or takeover guard) this old was left by a crash mid-write. */
const STALE_AFTER_MS = 10_000;

const HELD_HERE = Symbol.for('mcp-connector.process-locks');

/**
 * The tokens of the `ProcessLock`s this process holds now, kept on `process`: a plugin reloaded
 * in Obsidian evaluates this module again while the old copy may still be finishing its work.
 * Looked up on use: a browser worker bundles this module and has no `process`.
 */
function heldHere(): Set<string> {
  const holder = process as unknown as Record<symbol, Set<string> | undefined>;
  return (holder[HELD_HERE] ??= new Set<string>());
}

interface Holder {
  pid: number;
  token: string;
}

export interface ProcessLockOptions {
  /** How long `hold` waits for a live holder. */
  waitMs: number;
  /** What `hold` throws once it has waited that long (the holder's pid, when readable). */
  busy: (holderPid: number | null) => Error;
  /** Told once per `hold` that has to wait for a live holder. */
  onWait?: (holderPid: number | null) => void;
}

/**
 * A lock file, `{pid, token}`, held by one process at a time for a section. A holder that is gone
 * (its process ended; or it has this process's pid but nothing here holds it, so an earlier
 * process had the pid; or the file is unreadable and old) is taken over; a live one is waited
 * for, then refused.
 */
export class ProcessLock {
  constructor(
    private readonly path: string,
    private readonly options: ProcessLockOptions,
  ) {}

  /** Runs `section` holding the lock; with `waitMs` 0 a live holder refuses at once. */
  async hold<T>(section: () => Promise<T>, waitMs = this.options.waitMs): Promise<T> {
    const mine = await this.acquire(waitMs);
    try {
      return await section();
    } finally {
      heldHere().delete((JSON.parse(mine) as Holder).token);
      removeIfStill(this.path, mine);
    }
  }

  private async acquire(waitMs: number): Promise<string> {
    const token = randomBytes(8).toString('hex');
    const mine = JSON.stringify({ pid: process.pid, token });
    const until = Date.now() + waitMs;
    heldHere().add(token); // before the file exists: a holder with this pid is never judged gone
    let waited = false;
    try {
      while (!this.tryToTake(mine)) {
        const holder = holderOf(readTextIfExists(this.path) ?? '');
        if (Date.now() >= until) throw this.options.busy(holder?.pid ?? null);
        if (!waited) this.options.onWait?.(holder?.pid ?? null);
        waited = true;
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
      return mine;
    } catch (error) {
      heldHere().delete(token);
      throw error;
    }
  }

  /** Creates the lock, or takes it from a holder that is gone; false while a live one holds it. */
  private tryToTake(mine: string): boolean {
    if (createExclusively(this.path, mine)) return true;
    const text = readTextIfExists(this.path);
    if (text === null) return createExclusively(this.path, mine); // released meanwhile
    return isGone(holderOf(text), this.path) && replaceStale(this.path, text, mine, STALE_AFTER_MS);
  }
}

function holderOf(text: string): Holder | null {
  try {
    const { pid, token } = JSON.parse(text) as Partial<Holder>;
    return Number.isInteger(pid) && typeof token === 'string'
      ? { pid: pid as number, token }
      : null;
  } catch {
    return null;
  }
}

/** Unreadable and recent: a process may be writing it still. */
function isGone(holder: Holder | null, path: string): boolean {
  if (holder === null) return isOlderThan(path, STALE_AFTER_MS);
  if (holder.pid === process.pid) return !heldHere().has(holder.token);
  return !processIsAlive(holder.pid);
}
