/**
 * The vault's metadata cache: each note's metadata and the link graph over every file, updated
 * incrementally as files are added, changed, moved and removed, and the vault-wide answers kept
 * current with them: the notes sorted by path, the tag tally and the notes with broken links.
 * Notes (.md) get full metadata; canvases contribute their links to the graph, as in Obsidian.
 *
 * Memory: a note is held once, as its text and its packed metadata (packed-metadata.ts), which
 * `getFileCache` expands lazily; the text is what the metadata was computed from, and what
 * search reads (`noteText`).
 */
import type { CachedMetadata } from 'obsidian';
import { parseCanvasLinks } from '../canvas.ts';
import { LinkIndex } from '../links/index.ts';
import {
  lazyMetadata,
  packMetadata,
  packedLinkTargets,
  packedTags,
  type PackedMetadata,
} from '../packed-metadata.ts';
import { parseMetadata } from '../parse-metadata.ts';
import { LineTable } from '../positions.ts';
import { parseFrontMatterTags } from '../tags.ts';
import { TagTally } from './tag-tally.ts';

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

interface NoteEntry {
  text: string;
  packed: PackedMetadata;
}

export class VaultIndex {
  private readonly notes = new Map<string, NoteEntry>();
  private readonly links = new LinkIndex();
  readonly tags = new TagTally();
  private sorted: string[] | null = null;

  /** Registers a file; `text` is its content when isIndexedText(path). */
  addFile(path: string, text: string | null): void {
    this.links.addFile(path);
    if (text !== null) this.updateText(path, text);
  }

  updateText(path: string, text: string): void {
    if (path.endsWith('.md')) this.setNote(path, text, parseNote(text));
    else if (path.endsWith('.canvas')) this.links.setNote(path, parseCanvasLinks(text));
  }

  /** Sets a note from metadata computed elsewhere (a worker, the on-disk cache) for this text. */
  setNote(path: string, text: string, packed: PackedMetadata): void {
    if (!this.notes.has(path)) this.sorted = null;
    this.notes.set(path, { text, packed });
    this.links.setNoteLinks(path, linksOf(text, packed));
    this.tags.setNote(path, tagsOf(text, packed));
  }

  removeFile(path: string): void {
    if (this.notes.delete(path)) this.sorted = null;
    this.tags.removeNote(path);
    this.links.removeFile(path);
  }

  renameFile(oldPath: string, newPath: string): void {
    const entry = this.notes.get(oldPath);
    if (entry !== undefined) {
      this.notes.delete(oldPath);
      this.tags.removeNote(oldPath);
      this.sorted = null;
    }
    this.links.renameFile(oldPath, newPath);
    if (entry !== undefined && newPath.endsWith('.md')) {
      this.notes.set(newPath, entry);
      this.tags.setNote(newPath, tagsOf(entry.text, entry.packed));
    }
  }

  getFileCache(path: string): CachedMetadata | null {
    const entry = this.notes.get(path);
    return entry === undefined ? null : lazyMetadata(entry.packed, entry.text);
  }

  /** The packed metadata and the text it was computed from (what the on-disk cache stores). */
  packedNote(path: string): NoteEntry | null {
    return this.notes.get(path) ?? null;
  }

  getAllTags(path: string): string[] {
    const entry = this.notes.get(path);
    return entry === undefined ? [] : tagsOf(entry.text, entry.packed);
  }

  /** The text the note's metadata was computed from. */
  noteText(path: string): string | null {
    return this.notes.get(path)?.text ?? null;
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

  getFirstLinkpathDest(linkpath: string, sourcePath: string): string | null {
    return this.links.getFirstLinkpathDest(linkpath, sourcePath);
  }

  backlinksOf(path: string): Record<string, number> {
    return this.links.backlinksOf(path);
  }

  get resolvedLinks(): LinkCounts {
    return this.links.resolvedLinks;
  }

  get unresolvedLinks(): LinkCounts {
    return this.links.unresolvedLinks;
  }
}

/** Frontmatter tags first, then the body's, as Obsidian's `getAllTags`. */
function tagsOf(text: string, packed: PackedMetadata): string[] {
  const tags = parseFrontMatterTags(packed.frontmatter) ?? [];
  for (const tag of packedTags(packed, text)) tags.push(tag);
  return tags;
}

/** Frontmatter links, links and embeds, in the order the link graph counts them. */
function linksOf(text: string, packed: PackedMetadata): string[] {
  const links = (packed.frontmatterLinks ?? []).map((reference) => reference.link);
  for (const link of packedLinkTargets(packed, text)) links.push(link);
  return links;
}

function byCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
