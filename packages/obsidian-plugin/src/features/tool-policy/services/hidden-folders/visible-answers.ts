/**
 * The hidden-folders guard's vault-wide answers over a host that maintains its own (NodeHost):
 * the inner answers with the hidden folders' part taken out, so they stay maintained while a
 * folder is hidden. Each equals what the computed answers give over the guarded host
 * (visible-answers.test.ts checks it after edits):
 * - files: the inner counts minus the hidden files' and folders'; the newest files are the
 *   inner's newest without the hidden ones;
 * - tags: the inner counts minus the hidden notes'; a group only hidden notes carry goes, and a
 *   group they share is spelled as its first visible note spells it;
 * - broken links: from the guard's visible link graph (VisibleLinks), where a link into a hidden
 *   folder is resolved again among the visible files and may so become broken;
 * - notes and texts: the inner lists without the hidden notes.
 * The hidden part (its files, folders and notes' tags) is worked out on first need and again
 * only after an event that touches a hidden folder; the tag counts after any event (a visible
 * note may now spell a group first); the link graph as the guard keeps it.
 */
import { FileTally, NEWEST_KEPT, TagTally } from '@mcp-connector/markdown/vault';
import { missingFile } from '../../../../host/host-errors.ts';
import { occurrences } from '../../../../host/answers/computed-answers.ts';
import type {
  FileCounts,
  NewestFile,
  NoteText,
  TagCount,
  VaultAnswers,
  VaultEvent,
  VaultHost,
} from '../../../../host/vault-host.ts';
import type { SectionSpan } from '@mcp-connector/markdown/vault';
import type { HiddenPaths } from './hidden-paths.ts';
import type { VisibleLinks } from './visible-links.ts';

/** What the hidden folders hold, as the answers count it. */
interface HiddenPart {
  notes: ReadonlySet<string>;
  files: FileCounts;
  tags: TagTally;
}

export class VisibleAnswers implements VaultAnswers {
  private hiddenPart: HiddenPart | null = null;
  private tags: TagCount[] | null = null;
  private notes: { from: readonly string[]; part: HiddenPart; notes: string[] } | null = null;
  private texts: { from: readonly NoteText[]; texts: NoteText[] } | null = null;

  constructor(
    readonly inner: VaultAnswers,
    private readonly innerHost: VaultHost,
    readonly hidden: HiddenPaths,
    private readonly links: () => VisibleLinks,
  ) {}

  /** Hears every event of the inner host, before any call can see what it changed. */
  changed(event: VaultEvent): void {
    this.tags = null;
    const paths = event.kind === 'rename' ? [event.path, event.oldPath] : [event.path];
    if (paths.some((path) => this.hidden.covers(path) || this.hidden.holdsHiddenInside(path)))
      this.hiddenPart = null;
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
    const hidden = this.part().files;
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
    return this.links().brokenLinkSources();
  }

  brokenLinkCount(source?: string): number {
    const links = this.links();
    return source === undefined ? links.brokenLinkCount() : occurrences(links.unresolved[source]);
  }

  unresolvedLinksOf(source: string): Readonly<Record<string, number>> {
    return this.links().unresolved[source] ?? {};
  }

  async noteTexts(): Promise<readonly NoteText[]> {
    const from = await this.inner.noteTexts();
    if (this.texts?.from !== from)
      this.texts = { from, texts: from.filter((note) => !this.hidden.covers(note.path)) };
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

  /** The inner counts minus the hidden notes'; a shared group spelled by its first visible note. */
  private visibleTags(): TagCount[] {
    const part = this.part();
    const hiddenCounts = new Map(
      part.tags.counts().map(({ tag, count }) => [tag.toLowerCase(), count]),
    );
    const tags: TagCount[] = [];
    for (const entry of this.inner.tagCounts()) {
      const key = entry.tag.toLowerCase();
      const hidden = hiddenCounts.get(key);
      if (hidden === undefined) tags.push(entry);
      else if (hidden < entry.count)
        tags.push({ tag: this.visibleSpelling(key, part), count: entry.count - hidden });
    }
    return tags;
  }

  /** How the first visible note (code units) counted for the group `key` spells it. */
  private visibleSpelling(key: string, part: HiddenPart): string {
    let first: string | null = null;
    for (const path of this.inner.notesCountedForTag(key))
      if (!part.notes.has(path) && (first === null || path < first)) first = path;
    const own = TagTally.of([[first as string, this.innerHost.getAllTags(first as string)]]);
    return own.counts().find((entry) => entry.tag.toLowerCase() === key)?.tag ?? key;
  }
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
  return {
    notes: new Set(notes),
    files: FileTally.of(mtimes, folders).counts(),
    tags: TagTally.of(notes.map((path) => [path, host.getAllTags(path)])),
  };
}
