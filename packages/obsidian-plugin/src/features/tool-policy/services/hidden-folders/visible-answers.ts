/**
 * The hidden-folders guard's vault-wide answers over a host that maintains its own (NodeHost):
 * the inner answers with the hidden folders' part taken out, so they stay maintained while a
 * folder is hidden. Each equals what the computed answers give over the guarded host
 * (visible-answers.test.ts checks it after edits):
 * - files: the inner counts minus the hidden files' and folders'; the newest files are the
 *   inner's newest without the hidden ones;
 * - tags: the inner counts minus the hidden notes'; a group only hidden notes carry goes, and a
 *   group they share is spelled as its first visible note spells it. That differs from the inner
 *   spelling only when a hidden note spells the group so (it may be the first note), and then the
 *   first visible note is looked for and kept until a note at or before it in path order changes;
 * - broken links: the inner ones of the visible sources, and the links into a hidden folder no
 *   visible file takes (visible-broken-links.ts);
 * - notes and texts: the inner lists without the hidden notes; a folder's entries likewise;
 * - backlinks: from the guarded host's link graph (links into a hidden folder resolve again
 *   among the visible files, which the inner reverse map cannot tell), one pass over it.
 * The hidden part (its files, folders and notes' tags) is worked out on first need and again
 * only after an event that touches a hidden folder; the broken links after any change but an
 * edit of a visible file (which counts that file again).
 */
import { FileTally, NEWEST_KEPT, TagTally } from '@mcp-connector/markdown/vault';
import { backlinksIn } from '../../../../host/answers/computed-answers.ts';
import { missingFile } from '../../../../host/host-errors.ts';
import type {
  FileCounts,
  LinkCounts,
  NewestFile,
  NoteText,
  TagCount,
  VaultAnswers,
  VaultEvent,
  VaultHost,
} from '../../../../host/vault-host.ts';
import type { SectionSpan } from '@mcp-connector/markdown/vault';
import type { HiddenPaths } from './hidden-paths.ts';
import { VisibleBrokenLinks } from './visible-broken-links.ts';

/** Notes walked in path order for the first visible note of shared tag groups (a few ms). */
const NOTES_WALKED = 1000;

/** What the hidden folders hold, as the answers count it. */
interface HiddenPart {
  files: ReadonlySet<string>;
  notes: ReadonlySet<string>;
  counts: FileCounts;
  tags: TagTally;
  /** Each tag group the hidden notes count for -> how they spell it. */
  spellings: ReadonlyMap<string, ReadonlySet<string>>;
}

export class VisibleAnswers implements VaultAnswers {
  private hiddenPart: HiddenPart | null = null;
  private tags: TagCount[] | null = null;
  /** A tag group -> its first visible note in path order and how that note spells the group. */
  private readonly firstVisible = new Map<string, { path: string; spelling: string }>();
  private broken: VisibleBrokenLinks | null = null;
  private notes: { from: readonly string[]; part: HiddenPart; notes: string[] } | null = null;
  private texts: { from: readonly NoteText[]; part: HiddenPart; texts: NoteText[] } | null = null;
  private entries: { from: readonly string[]; entries: string[] } | null = null;

  constructor(
    readonly inner: VaultAnswers,
    private readonly innerHost: VaultHost,
    readonly hidden: HiddenPaths,
    /** The guarded host's resolved links (visible-links.ts). */
    private readonly visibleResolved: () => LinkCounts,
  ) {}

  /**
   * Hears every event of the inner host, before any call can see what it changed: an edit of a
   * visible file has its broken links counted again alone; any other change builds them anew.
   */
  changed(event: VaultEvent): void {
    this.tags = null;
    const paths = event.kind === 'rename' ? [event.path, event.oldPath] : [event.path];
    for (const path of paths) this.forgetFirstsFrom(path);
    if (paths.some((path) => this.hidden.covers(path) || this.hidden.holdsHiddenInside(path))) {
      this.hiddenPart = null;
      this.firstVisible.clear();
      this.broken = null;
    } else if (event.kind === 'modify') this.broken?.sourceChanged(event.path);
    else this.broken = null;
  }

  sortedNotes(): readonly string[] {
    const from = this.inner.sortedNotes();
    const part = this.part();
    if (this.notes?.from !== from || this.notes.part !== part)
      this.notes = { from, part, notes: from.filter((path) => !part.notes.has(path)) };
    return this.notes.notes;
  }

  fileCounts(): FileCounts {
    const all = this.inner.fileCounts();
    const hidden = this.part().counts;
    const topFolders = new Map(all.topFolders);
    for (const [top, notes] of hidden.topFolders) {
      if (this.hidden.covers(top)) topFolders.delete(top);
      else topFolders.set(top, (topFolders.get(top) ?? 0) - notes);
    }
    return {
      notes: all.notes - hidden.notes,
      otherFiles: all.otherFiles - hidden.otherFiles,
      bases: all.bases - hidden.bases,
      folders: all.folders - hidden.folders,
      rootNotes: all.rootNotes - hidden.rootNotes,
      topFolders,
    };
  }

  /** The inner newest without the hidden; computed over the visible files when too few remain. */
  newestFiles(count: number): NewestFile[] {
    const newest = this.inner.newestFiles(NEWEST_KEPT);
    const visible = newest.filter((file) => !this.hidden.covers(file.path)).slice(0, count);
    if (visible.length === count || newest.length < NEWEST_KEPT) return visible;
    const files = this.innerHost
      .listFiles()
      .filter((file) => !this.hidden.covers(file.path))
      .map((file) => ({ path: file.path, mtime: file.stat.mtime }));
    return FileTally.of(files, []).newestFiles(count);
  }

  tagCounts(): TagCount[] {
    this.tags ??= this.visibleTags();
    return this.tags.map((entry) => ({ ...entry }));
  }

  notesCountedForTag(key: string): string[] {
    const hiddenNotes = this.part().notes;
    return this.inner.notesCountedForTag(key).filter((path) => !hiddenNotes.has(path));
  }

  brokenLinkSources(): readonly string[] {
    return this.brokenLinks().brokenLinkSources();
  }

  brokenLinkCount(source?: string): number {
    return this.brokenLinks().brokenLinkCount(source);
  }

  unresolvedLinksOf(source: string): Readonly<Record<string, number>> {
    return this.brokenLinks().unresolvedLinksOf(source);
  }

  backlinksOf(path: string): Readonly<Record<string, number>> {
    return this.hidden.covers(path) ? {} : backlinksIn(this.visibleResolved(), path);
  }

  folderEntries(folder: string): readonly string[] {
    if (this.hidden.covers(folder)) return [];
    const from = this.inner.folderEntries(folder);
    if (this.entries?.from !== from) {
      const visible = (entry: string) =>
        !this.hidden.covers(entry.endsWith('/') ? entry.slice(0, -1) : entry);
      this.entries = { from, entries: from.filter(visible) };
    }
    return this.entries.entries;
  }

  async noteTexts(): Promise<readonly NoteText[]> {
    const from = await this.inner.noteTexts();
    const part = this.part();
    if (this.texts?.from !== from || this.texts.part !== part)
      this.texts = { from, part, texts: from.filter((note) => !part.notes.has(note.path)) };
    return this.texts.texts;
  }

  async noteText(path: string): Promise<string> {
    if (this.hidden.covers(path)) throw missingFile(path);
    return this.inner.noteText(path);
  }

  noteSections(path: string, text: string): readonly SectionSpan[] | null {
    return this.hidden.covers(path) ? null : this.inner.noteSections(path, text);
  }

  private part(): HiddenPart {
    this.hiddenPart ??= hiddenPartOf(this.innerHost, this.hidden);
    return this.hiddenPart;
  }

  private brokenLinks(): VisibleBrokenLinks {
    this.broken ??= new VisibleBrokenLinks(this.inner, this.innerHost, this.part().files);
    return this.broken;
  }

  /** The inner counts minus the hidden notes'; a shared group spelled by its first visible note. */
  private visibleTags(): TagCount[] {
    const part = this.part();
    const hiddenCounts = new Map(
      part.tags.counts().map(({ tag, count }) => [tag.toLowerCase(), count]),
    );
    const counts = this.inner.tagCounts();
    // A group some hidden note spells as shown may have a hidden first note.
    const doubtful = new Set(
      counts
        .filter(({ tag }) => part.spellings.get(tag.toLowerCase())?.has(tag) === true)
        .map(({ tag }) => tag.toLowerCase()),
    );
    const tags: TagCount[] = [];
    for (const { tag, count } of counts) {
      const key = tag.toLowerCase();
      const hidden = hiddenCounts.get(key) ?? 0;
      if (hidden === count)
        doubtful.delete(key); // only hidden notes carry it: it goes
      else tags.push({ tag, count: count - hidden });
    }
    this.findFirstsVisible(doubtful, part);
    return tags.map(({ tag, count }) => {
      const key = tag.toLowerCase();
      return doubtful.has(key)
        ? { tag: this.firstVisible.get(key)?.spelling ?? tag, count }
        : { tag, count };
    });
  }

  /**
   * The first visible note (code units) counted for each group `key` not known yet, and how it
   * spells the group: the notes are walked in path order for a while, since a shared group
   * usually has a visible note among the first few (and counting every note's tags at once,
   * which `notesCountedForTag` may, holds a warm start's first answer for seconds); a group not
   * met by then is looked for among the notes counted for it.
   */
  private findFirstsVisible(keys: ReadonlySet<string>, part: HiddenPart): void {
    const pending = new Set([...keys].filter((key) => !this.firstVisible.has(key)));
    let walked = 0;
    for (const path of this.inner.sortedNotes()) {
      if (pending.size === 0 || walked++ === NOTES_WALKED) break;
      if (part.notes.has(path)) continue;
      for (const [key, spelling] of spellingsOf(this.innerHost, path))
        if (pending.delete(key)) this.firstVisible.set(key, { path, spelling });
    }
    for (const key of pending) {
      let path: string | null = null;
      for (const each of this.inner.notesCountedForTag(key))
        if (!part.notes.has(each) && (path === null || each < path)) path = each;
      const spelling = spellingsOf(this.innerHost, path as string).get(key) as string;
      this.firstVisible.set(key, { path: path as string, spelling });
    }
  }

  /**
   * A note at `path` changed: a group's first visible note at or after it in path order may no
   * longer be its first. Any other path (a folder) may stand for notes anywhere: all are dropped.
   */
  private forgetFirstsFrom(path: string): void {
    if (!path.endsWith('.md')) this.firstVisible.clear();
    for (const [key, first] of this.firstVisible)
      if (path <= first.path) this.firstVisible.delete(key);
  }
}

/** How one note spells each tag group it counts for (group key -> spelling), as TagTally does. */
function spellingsOf(
  host: VaultHost,
  path: string,
  tags = host.getAllTags(path),
): Map<string, string> {
  const own = TagTally.of([[path, tags]]).counts();
  return new Map(own.map(({ tag }) => [tag.toLowerCase(), tag]));
}

/** The hidden files, folders and notes' tags of the inner host, counted as the answers count. */
function hiddenPartOf(host: VaultHost, hidden: HiddenPaths): HiddenPart {
  const files = host.listFiles().filter((file) => hidden.covers(file.path));
  const folders = host
    .listFolders()
    .filter((folder) => hidden.covers(folder.path))
    .map((folder) => folder.path);
  const notes = files.filter((file) => file.extension === 'md').map((file) => file.path);
  const mtimes = files.map((file) => ({ path: file.path, mtime: file.stat.mtime }));
  const tagged = notes.map((path): [string, string[]] => [path, host.getAllTags(path)]);
  const spellings = new Map<string, Set<string>>();
  for (const [path, tags] of tagged)
    for (const [key, spelling] of spellingsOf(host, path, tags)) {
      const known = spellings.get(key) ?? new Set<string>();
      known.add(spelling);
      spellings.set(key, known);
    }
  return {
    files: new Set(files.map((file) => file.path)),
    notes: new Set(notes),
    counts: FileTally.of(mtimes, folders).counts(),
    tags: TagTally.of(tagged),
    spellings,
  };
}
