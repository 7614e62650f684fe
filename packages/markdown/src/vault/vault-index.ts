/**
 * The vault's metadata cache: each note's CachedMetadata and the link graph over every file,
 * updated incrementally as files are added, changed, moved and removed. Notes (.md) get full
 * metadata; canvases contribute their links to the graph, as in Obsidian.
 */
import type { CachedMetadata } from 'obsidian';
import { parseCanvasLinks } from '../canvas.ts';
import { LinkIndex } from '../links/index.ts';
import { parseMetadata } from '../parse-metadata.ts';
import { getAllTags } from '../tags.ts';

/** source path -> (target path or unresolved linktext) -> number of links. */
export type LinkCounts = Readonly<Record<string, Readonly<Record<string, number>>>>;

/** Whether a file's text feeds the index (notes and canvases); other files are link targets only. */
export function isIndexedText(path: string): boolean {
  return path.endsWith('.md') || path.endsWith('.canvas');
}

export class VaultIndex {
  private readonly metadata = new Map<string, CachedMetadata>();
  private readonly links = new LinkIndex();

  /** Registers a file; `text` is its content when isIndexedText(path). */
  addFile(path: string, text: string | null): void {
    this.links.addFile(path);
    if (text !== null) this.updateText(path, text);
  }

  updateText(path: string, text: string): void {
    if (path.endsWith('.md')) {
      const metadata = parseMetadata(text);
      this.metadata.set(path, metadata);
      this.links.setNote(path, metadata);
    } else if (path.endsWith('.canvas')) {
      this.links.setNote(path, parseCanvasLinks(text));
    }
  }

  removeFile(path: string): void {
    this.metadata.delete(path);
    this.links.removeFile(path);
  }

  renameFile(oldPath: string, newPath: string): void {
    const metadata = this.metadata.get(oldPath);
    this.metadata.delete(oldPath);
    if (metadata !== undefined && newPath.endsWith('.md')) this.metadata.set(newPath, metadata);
    this.links.renameFile(oldPath, newPath);
  }

  getFileCache(path: string): CachedMetadata | null {
    return this.metadata.get(path) ?? null;
  }

  getAllTags(path: string): string[] {
    const metadata = this.metadata.get(path);
    return metadata === undefined ? [] : (getAllTags(metadata) ?? []);
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
