/**
 * The vault's metadata cache: each note's metadata and the link graph over every file, updated
 * incrementally as files are added, changed, moved and removed, and the vault-wide answers kept
 * current with them: the notes sorted by path, the tag tally and the notes with broken links.
 * Notes (.md) get full metadata; canvases contribute their links to the graph, as in Obsidian.
 *
 * Memory: a note is held once, as its text and its packed metadata (packed-metadata.ts), which
 * `getFileCache` expands lazily; the text is what the metadata was computed from, and what
 * search reads (`noteText`). A note restored from a previous run (`restoreNote`) comes without
 * its text, which is read on first need and checked against what the metadata was computed
 * from: a warm start of a big vault then answers without reading every note first (ADR-0027).
 * Loading a vault: between `deferAggregates()` and the end of the load, notes' tags are owed to
 * the tally rather than counted, and `prepareAggregates()` then counts them (and builds the link
 * graph's key index) a step at a time; any answer that needs them first finishes the work, but
 * tag counts a previous run made for exactly these notes answer until a note changes
 * (`restoreTagCounts`).
 */
import type { CachedMetadata } from 'obsidian';
import { parseCanvasLinks } from '../canvas.ts';
import { LinkIndex, type RestoredCounts } from '../links/index.ts';
import {
  lazyMetadata,
  packMetadata,
  packedLinkTargets,
  packedSectionSpans,
  packedTags,
  type PackedMetadata,
  type SectionSpan,
} from '../packed-metadata.ts';
import { parseMetadata } from '../parse-metadata.ts';
import { LineTable } from '../positions.ts';
import { Backlog } from '../backlog.ts';
import { parseFrontMatterTags } from '../tags.ts';
import { TagTally, tagCountsAfter, type TagCount } from './tag-tally.ts';

/** source path -> (target path or unresolved linktext) -> number of links. */
export type LinkCounts = Readonly<Record<string, Readonly<Record<string, number>>>>;

/** Whether a file's text feeds the index (notes and canvases); other files are link targets only. */
export function isIndexedText(path: string): boolean {
  return path.endsWith('.md') || path.endsWith('.canvas');
}

/** A note's metadata computed from its text: what the index keeps, the cache stores, a worker returns. */
export function parseNote(text: string): PackedMetadata {
  return packMetadata(parseMetadata(text), new LineTable(text));
}

/**
 * Reads a restored note's text as it is now, and gives the metadata that holds for it: the
 * restored metadata when the text hashes to `hash` and fits it, else the text parsed again.
 */
export type RestoredTextReader = (
  path: string,
  restored: PackedMetadata,
  hash: string,
) => { text: string; packed: PackedMetadata };

interface NoteEntry {
  path: string;
  /** Null until a restored note's text is first needed. */
  text: string | null;
  packed: PackedMetadata;
  /** A restored note's text hash when its metadata was computed; '' once the text is read. */
  hash: string;
}

/** A note as a previous run had it: the text and metadata its tag counts were made from. */
export interface NoteBefore {
  path: string;
  text: string;
  packed: PackedMetadata;
}

/**
 * A note's link counts as a previous run computed them (see VaultIndex.setNote); the resolved
 * ones are made only when first needed (links/owed-counts.ts).
 */
export type KnownLinkCounts = RestoredCounts;

export class VaultIndex {
  private readonly notes = new Map<string, NoteEntry>();
  private readonly links = new LinkIndex();
  private readonly tally = new TagTally();
  /** Restored notes whose text is not read yet. */
  private readonly textsOwed = new Backlog();
  /** Notes whose tags are not counted in the tally yet. */
  private readonly tagsOwed = new Backlog();
  /** Tag counts a previous run made for exactly the notes loaded; null once anything changes. */
  private restoredTagCounts: readonly TagCount[] | null = null;
  private noteChanges = 0;
  private sorted: string[] | null = null;

  constructor(private readonly readRestored: RestoredTextReader | null = null) {}

  /** Registers a file; `text` is its content when isIndexedText(path). */
  addFile(path: string, text: string | null): void {
    this.links.addFile(path);
    if (text !== null) this.updateText(path, text);
  }

  updateText(path: string, text: string): void {
    if (path.endsWith('.md')) this.setNote(path, text, parseNote(text));
    else if (path.endsWith('.canvas')) this.links.setNote(path, parseCanvasLinks(text));
  }

  /**
   * Sets a note from metadata computed elsewhere (a worker, the on-disk cache) for this text.
   * `known` are its link counts from a previous run, taken as they are: the caller vouches that
   * no file sharing a name with its links was added or removed since.
   */
  setNote(path: string, text: string, packed: PackedMetadata, known?: KnownLinkCounts): void {
    this.putNote({ path, text, packed, hash: '' }, known);
  }

  /**
   * Sets a note from a previous run's metadata without its text: the caller vouches that the
   * file's size and mtime are those the metadata was computed at, and `hash` is what its text
   * hashed to then. The text is read (RestoredTextReader) when first needed; when it is no
   * longer what the metadata was computed from, the note is parsed and set again.
   */
  restoreNote(path: string, packed: PackedMetadata, hash: string, known?: KnownLinkCounts): void {
    if (this.readRestored === null) throw new Error('This index reads no restored notes.');
    this.putNote({ path, text: null, packed, hash }, known);
    this.textsOwed.open();
    this.textsOwed.add(path);
  }

  /** Whether a restored note's text is still unread (`prepareAggregates` reads them first). */
  get hasUnreadTexts(): boolean {
    return this.textsOwed.isOpen;
  }

  private putNote(entry: NoteEntry, known: KnownLinkCounts | undefined): void {
    const { path } = entry;
    this.noteChanged();
    if (!this.notes.has(path)) this.sorted = null;
    this.notes.set(path, entry);
    // The text first (arguments go left to right): reading it may replace the metadata.
    const links = () => noteLinkTexts(this.textOf(entry), entry.packed);
    if (known === undefined) this.links.setNoteLinks(path, links);
    else this.links.restoreNote(path, links, known);
    this.countTags(path);
  }

  /**
   * The note's text, read now if it was restored without it. A text its restored metadata does
   * not hold for gets its own at once, and the note is set again (links, tags) once whoever
   * asked is done: setting it here could change what a caller is walking through.
   */
  private textOf(entry: NoteEntry): string {
    if (entry.text !== null) return entry.text;
    const read = (this.readRestored as RestoredTextReader)(entry.path, entry.packed, entry.hash);
    entry.text = read.text;
    entry.hash = '';
    if (read.packed !== entry.packed) {
      entry.packed = read.packed;
      queueMicrotask(() => {
        if (this.notes.get(entry.path) === entry) this.setNote(entry.path, read.text, read.packed);
      });
    }
    return read.text;
  }

  removeFile(path: string): void {
    this.noteChanged();
    if (this.notes.delete(path)) this.sorted = null;
    if (!this.tagsOwed.drop(path)) this.tally.removeNote(path);
    this.links.removeFile(path);
  }

  renameFile(oldPath: string, newPath: string): void {
    this.noteChanged();
    const entry = this.notes.get(oldPath);
    if (entry !== undefined) {
      entry.path = newPath; // a restored note's text is read from where it is now
      if (this.textsOwed.drop(oldPath)) this.textsOwed.add(newPath);
      this.notes.delete(oldPath);
      if (!this.tagsOwed.drop(oldPath)) this.tally.removeNote(oldPath);
      this.sorted = null;
    }
    this.links.renameFile(oldPath, newPath);
    if (entry !== undefined && newPath.endsWith('.md')) {
      this.notes.set(newPath, entry);
      this.countTags(newPath);
    }
  }

  /** Resolves again the links with these name keys (files added or removed since a previous run). */
  reresolveNames(keys: Iterable<string>): void {
    this.links.reresolveKeys(keys);
  }

  /** From now until `prepareAggregates` is done, notes' tags are owed to the tally. */
  deferAggregates(): void {
    this.tagsOwed.open();
  }

  /**
   * Answers these tag counts, which a previous run made for exactly the notes just loaded but
   * `changed` (as they were then: the caller vouches for that), brought up to date with those
   * (tagCountsAfter; when that cannot tell, the tags are counted), until a note is set or a file
   * removed or renamed; a warm start's first vault-wide answer then need not count every note's
   * tags at once. Only while tags are owed.
   */
  restoreTagCounts(counts: readonly TagCount[], changed: readonly NoteBefore[] = []): void {
    if (!this.tagsOwed.isOpen) return;
    const changes = changed.map(({ path, text, packed }) => ({
      before: tagsOf(text, packed),
      after: this.getAllTags(path),
    }));
    this.restoredTagCounts = changes.length === 0 ? counts : tagCountsAfter(counts, changes);
  }

  /** Grows each time a note is set or a file removed or renamed: anything changed since a mark? */
  get changeMark(): number {
    return this.noteChanges;
  }

  /**
   * Reads the restored notes' texts, counts the owed tags and builds the link graph's key
   * index, a step at a time; the last steps sort what the first vault-wide answers would
   * otherwise sort (the note list, the sources with broken links, the tag counts), one per
   * step. A step is kept short (a few ms at most) because the calls that arrive meanwhile wait
   * for it at each turn of the event loop. The texts come first: search waits for them.
   */
  prepareAggregates(perStep = 250, spent?: () => boolean): { step(): boolean } {
    const graph = this.links.prepare(perStep, spent);
    const sorts = [
      () => this.sortedNotes(),
      () => this.brokenLinkSources(),
      () => this.tally.counts(),
    ];
    const readText = (path: string) => {
      const entry = this.notes.get(path);
      if (entry !== undefined) this.textOf(entry);
    };
    return {
      step: () => {
        if (
          this.textsOwed.step(perStep, readText, spent) ||
          this.tagsOwed.step(perStep, (path) => this.countTagsNow(path), spent) ||
          graph.step()
        )
          return true;
        sorts.shift()?.();
        return sorts.length > 0;
      },
    };
  }

  /** Tag counts as list_tags gives them, in no order. */
  tagCounts(): TagCount[] {
    const restored = this.restoredTagCounts;
    if (restored !== null) return restored.map((entry) => ({ ...entry }));
    return this.countedTally().counts();
  }

  /** The notes counted for a tag (lower-cased, without '#'). */
  notesCountedForTag(key: string): string[] {
    return this.countedTally().notesCounted(key);
  }

  getFileCache(path: string): CachedMetadata | null {
    const entry = this.notes.get(path);
    if (entry === undefined) return null;
    const text = this.textOf(entry); // first: reading it may replace the metadata
    return lazyMetadata(entry.packed, text);
  }

  getAllTags(path: string): string[] {
    const entry = this.notes.get(path);
    return entry === undefined ? [] : this.tagsOfEntry(entry);
  }

  /** The text the note's metadata was computed from. */
  noteText(path: string): string | null {
    const entry = this.notes.get(path);
    return entry === undefined ? null : this.textOf(entry);
  }

  /**
   * The note's sections (type and offsets), when `text` is the very text `noteText` gives now:
   * what its metadata was computed from. Null otherwise, or for a note the index does not hold.
   */
  noteSections(path: string, text: string): SectionSpan[] | null {
    const entry = this.notes.get(path);
    return entry === undefined || entry.text !== text ? null : packedSectionSpans(entry.packed);
  }

  /** Every note's path in code-unit order; the same array until a note is added or removed. */
  sortedNotes(): readonly string[] {
    this.sorted ??= [...this.notes.keys()].sort(byCodeUnits);
    return this.sorted;
  }

  /** Notes and canvases with at least one unresolved link, in code-unit order. */
  brokenLinkSources(): readonly string[] {
    return this.links.sourcesWithUnresolved();
  }

  /** Unresolved link occurrences of one source, or (without one) of the whole vault. */
  brokenLinkCount(source?: string): number {
    return this.links.unresolvedCount(source);
  }

  getFirstLinkpathDest(linkpath: string, sourcePath: string): string | null {
    return this.links.getFirstLinkpathDest(linkpath, sourcePath);
  }

  backlinksOf(path: string): Record<string, number> {
    return this.links.backlinksOf(path);
  }

  get resolvedLinks(): LinkCounts {
    return this.links.resolvedLinks;
  }

  /** A note's link counts as they are now, the resolved ones not made if still owed. */
  linkCountsOf(path: string): KnownLinkCounts | undefined {
    const resolved = this.links.resolvedCountsOf(path);
    const unresolved = this.links.unresolvedOf(path);
    return resolved === undefined || unresolved === undefined
      ? undefined
      : { resolved, unresolved };
  }

  get unresolvedLinks(): LinkCounts {
    return this.links.unresolvedLinks;
  }

  /** One source's unresolved linkpaths and counts (empty: none), without the whole record. */
  unresolvedLinksOf(source: string): Readonly<Record<string, number>> {
    return this.links.unresolvedOf(source) ?? {};
  }

  private noteChanged(): void {
    this.noteChanges++;
    this.restoredTagCounts = null;
  }

  private countTags(path: string): void {
    if (this.tagsOwed.isOpen) this.tagsOwed.add(path);
    else this.countTagsNow(path);
  }

  private countTagsNow(path: string): void {
    const entry = this.notes.get(path);
    if (entry === undefined) this.tally.removeNote(path);
    else this.tally.setNote(path, this.tagsOfEntry(entry));
  }

  private tagsOfEntry(entry: NoteEntry): string[] {
    const text = this.textOf(entry);
    return tagsOf(text, entry.packed);
  }

  private countedTally(): TagTally {
    this.tagsOwed.finish((path) => this.countTagsNow(path));
    return this.tally;
  }
}

/** Frontmatter tags first, then the body's, as Obsidian's `getAllTags`. */
function tagsOf(text: string, packed: PackedMetadata): string[] {
  const tags = parseFrontMatterTags(packed.frontmatter) ?? [];
  for (const tag of packedTags(packed, text)) tags.push(tag);
  return tags;
}

/** A note's frontmatter links, links and embeds (`#subpath` kept), as the link graph counts them. */
export function noteLinkTexts(text: string, packed: PackedMetadata): string[] {
  const links = (packed.frontmatterLinks ?? []).map((reference) => reference.link);
  for (const link of packedLinkTargets(packed, text)) links.push(link);
  return links;
}

function byCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
