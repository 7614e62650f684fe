/**
 * The vault-wide answers of a host that maintains none (ObsidianHost: Obsidian's own caches keep
 * no tag tally, file counts or broken-link list), computed from the host's other methods on each
 * ask: one pass over `listFiles` and `listFolders` (FileTally.of), over the notes' `getAllTags`
 * (TagTally.of) or over `unresolvedLinks`, by the same rules NodeHost's maintained answers keep.
 * The notes' texts are read once and kept current by the host's events (note-text-cache.ts).
 *
 * One instance per host (`computedAnswers`), so its text cache is shared by every caller;
 * `releaseComputedAnswers` drops it and its event subscription (the server's close).
 */
import { FileTally, TagTally, type SectionSpan } from '@mcp-connector/markdown/vault';
import type {
  FileCounts,
  LinkCounts,
  NewestFile,
  NoteText,
  TagCount,
  VaultAnswers,
  VaultHost,
} from '../vault-host.ts';
import { byCodeUnits, byFolderEntry, parentFolder } from '../vault-path.ts';
import { NoteTextCache } from './note-text-cache.ts';

export class ComputedAnswers implements VaultAnswers {
  private texts: NoteTextCache | null = null;

  constructor(private readonly host: VaultHost) {}

  sortedNotes(): readonly string[] {
    return this.host
      .listFiles()
      .filter((file) => file.extension === 'md')
      .map((file) => file.path)
      .sort(byCodeUnits);
  }

  fileCounts(): FileCounts {
    return this.fileTally().counts();
  }

  newestFiles(count: number): NewestFile[] {
    return this.fileTally().newestFiles(count);
  }

  tagCounts(): TagCount[] {
    return this.tagTally().counts();
  }

  notesCountedForTag(key: string): string[] {
    return this.tagTally().notesCounted(key);
  }

  brokenLinkSources(): readonly string[] {
    return brokenLinkSourcesOf(this.host.unresolvedLinks());
  }

  brokenLinkCount(source?: string): number {
    const unresolved = this.host.unresolvedLinks();
    if (source !== undefined) return occurrences(unresolved[source]);
    let count = 0;
    for (const linkpaths of Object.values(unresolved)) count += occurrences(linkpaths);
    return count;
  }

  unresolvedLinksOf(source: string): Readonly<Record<string, number>> {
    return this.host.unresolvedLinks()[source] ?? {};
  }

  backlinksOf(path: string): Readonly<Record<string, number>> {
    return backlinksIn(this.host.resolvedLinks(), path);
  }

  folderEntries(folder: string): readonly string[] {
    return folderEntriesIn(this.host, folder);
  }

  noteTexts(): Promise<readonly NoteText[]> {
    this.texts ??= new NoteTextCache(this.host);
    return this.texts.notes();
  }

  noteText(path: string): Promise<string> {
    return this.host.read(path);
  }

  /** No packed metadata to read them from: the caller parses the text. */
  noteSections(): readonly SectionSpan[] | null {
    return null;
  }

  /** Stops following the host's events and forgets the texts read. */
  dispose(): void {
    this.texts?.dispose();
    this.texts = null;
  }

  private fileTally(): FileTally {
    const files = this.host
      .listFiles()
      .map((file) => ({ path: file.path, mtime: file.stat.mtime }));
    return FileTally.of(
      files,
      this.host.listFolders().map((folder) => folder.path),
    );
  }

  private tagTally(): TagTally {
    return TagTally.of(this.sortedNotes().map((path) => [path, this.host.getAllTags(path)]));
  }
}

/** The sources linking to `path` in `resolved`, with their counts: one pass over the sources. */
export function backlinksIn(resolved: LinkCounts, path: string): Record<string, number> {
  const backlinks: Record<string, number> = {};
  for (const [source, targets] of Object.entries(resolved)) {
    const count = Object.hasOwn(targets, path) ? targets[path] : undefined; // never a prototype key
    if (count !== undefined && count > 0) backlinks[source] = count;
  }
  return backlinks;
}

/** A folder's entries as `folderEntries` gives them: one pass over the host's files and folders. */
export function folderEntriesIn(host: VaultHost, folder: string): string[] {
  const entries: string[] = [];
  for (const entry of host.listFolders())
    if (parentFolder(entry.path) === folder) entries.push(`${entry.path}/`);
  for (const entry of host.listFiles())
    if (parentFolder(entry.path) === folder) entries.push(entry.path);
  return entries.sort(byFolderEntry);
}

const computed = new WeakMap<VaultHost, ComputedAnswers>();

/** The computed answers of `host`: one instance per host until released. */
export function computedAnswers(host: VaultHost): ComputedAnswers {
  let answers = computed.get(host);
  if (answers === undefined) {
    answers = new ComputedAnswers(host);
    computed.set(host, answers);
  }
  return answers;
}

/** Releases what `host`'s computed answers keep (the texts and their event subscription). */
export function releaseComputedAnswers(host: VaultHost): void {
  computed.get(host)?.dispose();
  computed.delete(host);
}

/** Sources with at least one unresolved link, in code-unit order. */
export function brokenLinkSourcesOf(unresolved: LinkCounts): string[] {
  return Object.entries(unresolved)
    .filter(([, linkpaths]) => Object.keys(linkpaths).length > 0)
    .map(([source]) => source)
    .sort(byCodeUnits);
}

/** How many link occurrences a source's unresolved linkpaths stand for. */
export function occurrences(linkpaths: Readonly<Record<string, number>> | undefined): number {
  let count = 0;
  for (const times of Object.values(linkpaths ?? {})) count += times;
  return count;
}
