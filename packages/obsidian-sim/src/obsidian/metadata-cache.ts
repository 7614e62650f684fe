/**
 * Obsidian's MetadataCache over the shared engine NodeHost runs (packages/markdown's
 * VaultIndex): each note's CachedMetadata, link resolution and the link graph. The vault tells
 * it of every change before its own event fires; it then fires `changed` (or `deleted`) and
 * `resolved`. Real Obsidian parses a moment later, off the main thread: see the README.
 */
import { VaultIndex } from '@mcp-connector/markdown/vault';
import type {
  CachedMetadata,
  MetadataCache as ObsidianMetadataCache,
  TFile as ObsidianFile,
} from 'obsidian';
import { Events } from './events.ts';
import type { TFile } from './files.ts';
import type { Vault, VaultObserver } from './vault.ts';

type MetadataCacheMembers =
  | 'getFirstLinkpathDest'
  | 'getFileCache'
  | 'getCache'
  | 'fileToLinktext'
  | 'resolvedLinks'
  | 'unresolvedLinks';

export class MetadataCache
  extends Events
  implements Pick<ObsidianMetadataCache, MetadataCacheMembers>, VaultObserver
{
  readonly index = new VaultIndex();

  constructor(
    private readonly vault: Vault,
    private readonly linktext: (
      file: ObsidianFile,
      sourcePath: string,
      omitMdExtension: boolean,
    ) => string,
  ) {
    super();
  }

  get resolvedLinks(): Record<string, Record<string, number>> {
    return this.index.resolvedLinks;
  }

  get unresolvedLinks(): Record<string, Record<string, number>> {
    return this.index.unresolvedLinks;
  }

  getFileCache(file: ObsidianFile): CachedMetadata | null {
    return this.index.getFileCache(file.path);
  }

  getCache(path: string): CachedMetadata | null {
    return this.index.getFileCache(path);
  }

  getFirstLinkpathDest(linkpath: string, sourcePath: string): TFile | null {
    const path = this.index.getFirstLinkpathDest(linkpath, sourcePath);
    return path === null ? null : this.vault.getFileByPath(path);
  }

  fileToLinktext(file: ObsidianFile, sourcePath: string, omitMdExtension = true): string {
    return this.linktext(file, sourcePath, omitMdExtension);
  }

  fileAdded(file: TFile, text: string | null): void {
    this.index.addFile(file.path, text);
    if (text !== null) this.parsed(file, text);
  }

  fileChanged(file: TFile, text: string): void {
    this.index.updateText(file.path, text);
    this.parsed(file, text);
  }

  fileMoved(file: TFile, oldPath: string): void {
    this.index.renameFile(oldPath, file.path);
    this.trigger('resolved');
  }

  fileRemoved(file: TFile): void {
    const previous = this.index.getFileCache(file.path);
    this.index.removeFile(file.path);
    this.trigger('deleted', file, previous);
    this.trigger('resolved');
  }

  private parsed(file: TFile, text: string): void {
    const cache = this.index.getFileCache(file.path);
    if (cache !== null) this.trigger('changed', file, text, cache);
    this.trigger('resolve', file);
    this.trigger('resolved');
  }
}
