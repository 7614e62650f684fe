/**
 * The change journal's lock between processes (ADR-0030): `journal.lock` in the journal's
 * folder, `{pid, token}`, held while a process reads or writes the journal, so that servers
 * sharing a vault (Obsidian with a headless server, or several stdio servers, one per client)
 * take turns: each catches up with what the others wrote before it writes. A holder that is gone
 * (its process ended, or it is this process's pid but no journal here holds it: an earlier
 * process with the same pid) is taken over; a live one is waited for, up to `waitMs`, then the
 * call fails with `journal_busy`.
 */
import {
  ToolError,
  createExclusively,
  isOlderThan,
  readTextIfExists,
  removeIfStill,
  replaceStale,
} from '@mcp-connector/shared';
import { randomBytes } from 'node:crypto';
import { setTimeout } from 'node:timers';
import { processIsAlive } from '../../client-config/index.ts';

export const JOURNAL_LOCK_FILE = 'journal.lock';
/** How long a call waits for another process's turn before it fails. */
const DEFAULT_WAIT_MS = 30_000;
/** How often a waiting process looks again. */
const POLL_MS = 20;
/** An unreadable lock (or takeover guard) this old was left by a crash mid-write. */
const STALE_AFTER_MS = 10_000;

/**
 * The tokens of the locks this process holds now, kept on `process`: a plugin reloaded in
 * Obsidian evaluates this module again while the old copy may still be finishing a call.
 */
const heldHere = ((process as unknown as Record<symbol, Set<string> | undefined>)[
  Symbol.for('mcp-connector.journal-locks')
] ??= new Set<string>());

interface Holder {
  pid: number;
  token: string;
}

export interface JournalLockOptions {
  waitMs?: number;
  /** Told once per turn taken when it has to wait for a live holder (its pid, when readable). */
  onWait?: (holderPid: number | null) => void;
}

export class JournalLock {
  constructor(
    private readonly path: string,
    private readonly options: JournalLockOptions = {},
  ) {}

  /**
   * Runs `section` holding the lock; call it inside this process's own ordering (a Mutex). With
   * `waitMs` 0, a live holder refuses at once (`journal_busy`).
   */
  async hold<T>(section: () => Promise<T>, waitMs = this.options.waitMs): Promise<T> {
    const mine = await this.acquire(waitMs ?? DEFAULT_WAIT_MS);
    try {
      return await section();
    } finally {
      this.release(mine);
    }
  }

  private async acquire(waitMs: number): Promise<string> {
    const token = randomBytes(8).toString('hex');
    const mine = JSON.stringify({ pid: process.pid, token });
    const until = Date.now() + waitMs;
    heldHere.add(token); // before the file exists: a holder with this pid is never judged gone
    let waited = false;
    try {
      while (!this.tryToTake(mine)) {
        const holder = holderOf(readTextIfExists(this.path) ?? '');
        if (Date.now() >= until) throw busy(holder);
        if (!waited) this.options.onWait?.(holder?.pid ?? null);
        waited = true;
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
      return mine;
    } catch (error) {
      heldHere.delete(token);
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

  /** Removes the lock while it is still this one (never another process's). */
  private release(mine: string): void {
    heldHere.delete((JSON.parse(mine) as Holder).token);
    removeIfStill(this.path, mine);
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
  if (holder.pid === process.pid) return !heldHere.has(holder.token);
  return !processIsAlive(holder.pid);
}

function busy(holder: Holder | null): ToolError {
  const who =
    holder === null ? 'Another MCP Connector server' : `MCP Connector process ${holder.pid}`;
  return new ToolError(
    'journal_busy',
    `${who} has been writing this vault's change journal for a long time; nothing was changed. Try again in a moment. If no other MCP Connector server runs on this vault, delete change-journal/journal.lock beside data.json.`,
    holder === null ? {} : { pid: holder.pid },
  );
}
