/**
 * The text of every note (`.md`) in memory, for the computed answers' `noteTexts`
 * (computed-answers.ts): a host that keeps no texts (ObsidianHost) is read once, so a search
 * scans memory instead of re-reading the vault, and kept current by the host's events.
 *
 * Lifecycle: created with its host's computed answers, it subscribes to `host.onEvent`;
 * `dispose` unsubscribes (releaseComputedAnswers, when the server stops, so no listener outlives
 * the plugin). Nothing is read until the first `notes()`.
 *
 * Invariants:
 * - an event for a note only invalidates it (its path goes to `pending`; a rename moves the
 *   entry); `notes()` re-reads what is pending before answering;
 * - every `notes()` also reconciles with `host.listFiles()` (no reads: paths and stats only):
 *   notes no longer listed are dropped, and notes new to the cache or whose mtime or size
 *   differ from the cached read are queued. So a folder renamed or deleted as one event, a
 *   folder hidden or shown again by the hidden-folders setting, or a missed event never leaves
 *   a wrong answer;
 * - a read that an event overtook is read again in the next round (a few rounds at most, so a
 *   vault rewritten without pause still gets an answer).
 */
import type { NoteText, VaultEvent, VaultFile, VaultHost } from '../vault-host.ts';
import { byCodeUnits } from '../vault-path.ts';

/** A note this cache read, with the file's mtime and size when it was read. */
interface ReadNote extends NoteText {
  mtime: number;
  size: number;
}

/** Reads in flight at once while filling the cache. */
const READ_CONCURRENCY = 32;
/** Refresh rounds per call before answering with what is cached (a vault being rewritten). */
const MAX_REFRESH_ROUNDS = 3;

export class NoteTextCache {
  private readonly entries = new Map<string, ReadNote>();
  private readonly pending = new Set<string>();
  private sorted: readonly NoteText[] | null = null;
  private refreshing: Promise<void> | null = null;
  private readonly unsubscribe: () => void;

  constructor(private readonly host: VaultHost) {
    this.unsubscribe = host.onEvent((event) => this.onEvent(event));
  }

  /** Every visible note, sorted by path (code-unit order), as the host has it now. */
  async notes(): Promise<readonly NoteText[]> {
    this.reconcile();
    for (let round = 0; round < MAX_REFRESH_ROUNDS && this.pending.size > 0; round++) {
      this.refreshing ??= this.refresh().finally(() => (this.refreshing = null));
      await this.refreshing;
    }
    this.sorted ??= [...this.entries.values()].sort((a, b) => byCodeUnits(a.path, b.path));
    return this.sorted;
  }

  /** Stops listening and forgets every note; a disposed cache is not used again. */
  dispose(): void {
    this.unsubscribe();
    this.entries.clear();
    this.pending.clear();
    this.sorted = null;
  }

  private onEvent(event: VaultEvent): void {
    if (event.kind === 'rename' && this.move(event.oldPath, event.path)) return;
    this.invalidate(event.path);
    if (event.kind === 'rename') this.invalidate(event.oldPath);
  }

  /** A renamed note keeps its text; the stat check in `reconcile` catches any other change. */
  private move(from: string, to: string): boolean {
    const entry = this.entries.get(from);
    if (entry === undefined || !isNotePath(to)) return false;
    this.entries.delete(from);
    this.entries.set(to, { ...entry, path: to });
    this.sorted = null;
    return true;
  }

  private invalidate(path: string): void {
    if (!isNotePath(path)) return;
    if (this.entries.delete(path)) this.sorted = null;
    this.pending.add(path);
  }

  /** Drops notes the host no longer lists; queues the ones not cached or changed since read. */
  private reconcile(): void {
    const listed = new Set<string>();
    for (const file of this.host.listFiles()) {
      if (file.extension !== 'md') continue;
      listed.add(file.path);
      if (!isCurrent(this.entries.get(file.path), file)) this.pending.add(file.path);
    }
    for (const path of this.entries.keys()) {
      if (!listed.has(path)) {
        this.entries.delete(path);
        this.sorted = null;
      }
    }
  }

  private async refresh(): Promise<void> {
    const paths = [...this.pending];
    this.pending.clear();
    for (let start = 0; start < paths.length; start += READ_CONCURRENCY) {
      await Promise.all(
        paths.slice(start, start + READ_CONCURRENCY).map((path) => this.load(path)),
      );
    }
  }

  private async load(path: string): Promise<void> {
    const file = this.host.getFile(path);
    if (file?.extension !== 'md') return;
    const { mtime, size } = file.stat; // taken before reading: a later change re-reads
    let text: string;
    try {
      text = await this.host.read(path);
    } catch {
      return; // gone (or unreadable) since it was listed: not searchable
    }
    this.entries.set(path, { path, text, mtime, size });
    this.sorted = null;
  }
}

function isCurrent(entry: ReadNote | undefined, file: VaultFile): boolean {
  return entry !== undefined && entry.mtime === file.stat.mtime && entry.size === file.stat.size;
}

function isNotePath(path: string): boolean {
  return path.endsWith('.md');
}
