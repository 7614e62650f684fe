/**
 * The text of every note (`.md`) in memory, so a search scans memory instead of re-reading the
 * vault (case-insensitive search needs no folded copy: text-hits.ts). One cache per host (a WeakMap keyed by the host, which lives
 * as long as the server), created on first use and kept current by the host's events.
 *
 * Lifecycle: `noteTextCache(host)` creates it and subscribes to `host.onEvent`;
 * `closeNoteTextCache(host)` unsubscribes and drops it (call it when the server stops, so no
 * listener outlives the plugin). Nothing is read until the first `notes()`.
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
 *
 * A host that holds every note's text in its index (`host.indexed()`, NodeHost) is not read at
 * all: the cache lists the index's texts (the same strings, not copies), once the index has
 * them all (`textsRead`), and again after any change event or when the index's sorted note list
 * is a new one.
 */
import type {
  IndexedVault,
  VaultEvent,
  VaultFile,
  VaultHost,
} from '../../../../../host/vault-host.ts';

/** A note as search scans it. */
export interface CachedNote {
  path: string;
  text: string;
}

/** A note this cache read itself, with the file's mtime and size when it was read. */
interface ReadNote extends CachedNote {
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
  private sorted: readonly CachedNote[] | null = null;
  /** The index's sorted paths `sorted` was made from (hosts with an index). */
  private sortedFrom: readonly string[] | null = null;
  private refreshing: Promise<void> | null = null;
  private readonly unsubscribe: () => void;

  constructor(private readonly host: VaultHost) {
    this.unsubscribe = host.onEvent((event) => this.onEvent(event));
  }

  /** Every visible note, sorted by path (code-unit order), as the host has it now. */
  async notes(): Promise<readonly CachedNote[]> {
    const indexed = this.host.indexed?.() ?? null;
    if (indexed !== null) {
      await indexed.textsRead();
      return this.fromIndex(indexed);
    }
    this.sortedFrom = null;
    this.reconcile();
    for (let round = 0; round < MAX_REFRESH_ROUNDS && this.pending.size > 0; round++) {
      this.refreshing ??= this.refresh().finally(() => (this.refreshing = null));
      await this.refreshing;
    }
    this.sorted ??= [...this.entries.values()].sort((a, b) => compareCodeUnits(a.path, b.path));
    return this.sorted;
  }

  /**
   * The index's notes, listed again only after a change (the texts are the index's own strings;
   * nothing is read or copied). No pause: listing 100,000 notes takes milliseconds, while pausing
   * let the index's own catching up (tag counts) run first and made the first search wait seconds.
   */
  private fromIndex(indexed: IndexedVault): readonly CachedNote[] {
    const paths = indexed.sortedNotes();
    if (this.pending.size === 0 && this.sorted !== null && this.sortedFrom === paths)
      return this.sorted;
    this.pending.clear();
    this.entries.clear(); // notes read before the index was there
    const notes: CachedNote[] = [];
    for (const path of paths) {
      const text = indexed.noteText(path);
      if (text !== null) notes.push({ path, text });
    }
    this.sortedFrom = paths;
    this.sorted = notes;
    return notes;
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

const caches = new WeakMap<VaultHost, NoteTextCache>();

export function noteTextCache(host: VaultHost): NoteTextCache {
  let cache = caches.get(host);
  if (cache === undefined) {
    cache = new NoteTextCache(host);
    caches.set(host, cache);
  }
  return cache;
}

export function closeNoteTextCache(host: VaultHost): void {
  caches.get(host)?.dispose();
  caches.delete(host);
}

function isCurrent(entry: ReadNote | undefined, file: VaultFile): boolean {
  return entry !== undefined && entry.mtime === file.stat.mtime && entry.size === file.stat.size;
}

function isNotePath(path: string): boolean {
  return path.endsWith('.md');
}

function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
