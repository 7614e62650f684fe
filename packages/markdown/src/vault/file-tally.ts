/**
 * The vault-wide file answers (get_vault_overview, get_recent_files) kept current file by file,
 * so that neither walks every file: how many notes, other files and bases, the folders, the notes
 * inside each top-level folder (at any depth) and at the root, and the newest files by
 * modification time (ties by path).
 * Invariant: `newest` holds exactly the first min(NEWEST_KEPT, files) files in that order, or is
 * null (rebuilt by one pass over the files on the next ask). A new or newer file is placed
 * directly; only when a listed file goes, or gets older, while more files exist than are
 * listed, could an unlisted one take its place, and then the list is rebuilt.
 */

/** The longest list kept: the most get_recent_files and get_vault_overview list. */
export const NEWEST_KEPT = 100;

export interface NewestFile {
  path: string;
  /** Last modification, ms since the epoch. */
  mtime: number;
}

export interface FileCounts {
  notes: number;
  /** Every file that is not a note (bases included). */
  otherFiles: number;
  /** Obsidian bases (`.base` files), among the other files. */
  bases: number;
  folders: number;
  rootNotes: number;
  /** Every top-level folder (and any top-level name holding notes) -> the notes inside it. */
  topFolders: ReadonlyMap<string, number>;
}

export class FileTally {
  private notes = 0;
  private otherFiles = 0;
  private bases = 0;
  private rootNotes = 0;
  private readonly folders = new Set<string>();
  /** Top-level folder -> notes inside it at any depth (only those holding notes). */
  private readonly notesByTop = new Map<string, number>();
  /** Built on first ask (not file by file while a vault loads), then kept current. */
  private newest: NewestFile[] | null = null;

  /** `allFiles` lists every file with its mtime (the rebuild of the newest files). */
  constructor(private readonly allFiles: () => Iterable<NewestFile>) {}

  /** A tally of these files and folders at once (a host that maintains none). */
  static of(files: readonly NewestFile[], folders: Iterable<string>): FileTally {
    const tally = new FileTally(() => files);
    for (const { path, mtime } of files) tally.setFile(path, path.endsWith('.md'), mtime, null);
    for (const folder of folders) tally.addFolder(folder);
    return tally;
  }

  /** A file was added (`previous` null) or changed (its mtime before). */
  setFile(path: string, isNote: boolean, mtime: number, previous: number | null): void {
    if (previous === null) this.count(path, isNote, 1);
    else if (!this.unlist(path, mtime < previous, this.files() - 1)) return;
    if (this.newest !== null) placeRanked(this.newest, { path, mtime });
  }

  deleteFile(path: string, isNote: boolean): void {
    this.count(path, isNote, -1);
    this.unlist(path, true, this.files());
  }

  addFolder(path: string): void {
    this.folders.add(path);
  }

  deleteFolder(path: string): void {
    this.folders.delete(path);
  }

  counts(): FileCounts {
    const topFolders = new Map<string, number>();
    for (const folder of this.folders) if (!folder.includes('/')) topFolders.set(folder, 0);
    for (const [top, notes] of this.notesByTop) topFolders.set(top, notes);
    return {
      notes: this.notes,
      otherFiles: this.otherFiles,
      bases: this.bases,
      folders: this.folders.size,
      rootNotes: this.rootNotes,
      topFolders,
    };
  }

  /** The `count` newest files (at most NEWEST_KEPT), newest first, ties by path. */
  newestFiles(count: number): NewestFile[] {
    this.newest ??= firstRanked(this.allFiles());
    return this.newest.slice(0, Math.min(count, NEWEST_KEPT)).map((file) => ({ ...file }));
  }

  private count(path: string, isNote: boolean, delta: 1 | -1): void {
    if (!isNote) {
      this.otherFiles += delta;
      if (isBase(path)) this.bases += delta;
      return;
    }
    this.notes += delta;
    const slash = path.indexOf('/');
    if (slash === -1) this.rootNotes += delta;
    else {
      const top = path.slice(0, slash);
      const notes = (this.notesByTop.get(top) ?? 0) + delta;
      if (notes === 0) this.notesByTop.delete(top);
      else this.notesByTop.set(top, notes);
    }
  }

  private files(): number {
    return this.notes + this.otherFiles;
  }

  /**
   * Takes the file out of the newest list; false when the list is left to rebuild: the file
   * went or got older (`mayFallBehind`) while some of the `others` (every other file) are not
   * listed, one of which may now rank before it.
   */
  private unlist(path: string, mayFallBehind: boolean, others: number): boolean {
    const newest = this.newest;
    if (newest === null) return false;
    const at = newest.findIndex((file) => file.path === path);
    if (at === -1) return true;
    if (mayFallBehind && others > newest.length - 1) {
      this.newest = null;
      return false;
    }
    newest.splice(at, 1);
    return true;
  }
}

/** A base as Obsidian tells one: by its extension, `.base`. */
function isBase(path: string): boolean {
  return path.endsWith('.base');
}

function byNewest(a: NewestFile, b: NewestFile): number {
  return b.mtime - a.mtime || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);
}

/**
 * The first NEWEST_KEPT files by `byNewest`, without sorting them all: the candidates are cut
 * back to the best NEWEST_KEPT each time they double (a vault listed oldest first would make
 * every file an insertion at the front of the list).
 */
function firstRanked(files: Iterable<NewestFile>): NewestFile[] {
  let best: NewestFile[] = [];
  let last: NewestFile | null = null;
  for (const file of files) {
    if (last !== null && byNewest(file, last) >= 0) continue;
    best.push({ path: file.path, mtime: file.mtime });
    if (best.length < 2 * NEWEST_KEPT) continue;
    best = best.sort(byNewest).slice(0, NEWEST_KEPT);
    last = best[NEWEST_KEPT - 1] as NewestFile;
  }
  return best.sort(byNewest).slice(0, NEWEST_KEPT);
}

/** Inserts `file` in order when it ranks among the first NEWEST_KEPT; drops what falls off. */
function placeRanked(list: NewestFile[], file: NewestFile): void {
  if (list.length >= NEWEST_KEPT && byNewest(file, list[list.length - 1] as NewestFile) >= 0)
    return;
  let low = 0;
  let high = list.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (byNewest(list[middle] as NewestFile, file) < 0) low = middle + 1;
    else high = middle;
  }
  list.splice(low, 0, file);
  if (list.length > NEWEST_KEPT) list.pop();
}
