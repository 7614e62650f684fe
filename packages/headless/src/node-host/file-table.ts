/**
 * The in-memory table of a vault's files and folders: vault path -> entry, with the on-disk
 * relative path kept beside it (names on disk may be NFD; vault paths are NFC). It holds no
 * behaviour beyond bookkeeping, and keeps the file counts and newest files current (`tally`) and
 * each folder's sorted entries (`listings`, folder-listings.ts); NodeHost keeps it in step with
 * the disk.
 */
import type { FileStat, VaultFile, VaultFolder } from '@mcp-connector/obsidian-plugin/host';
import { parentFolder, splitFileName } from '@mcp-connector/obsidian-plugin/host';
import { FileTally, isNote, type NewestFile } from '@mcp-connector/markdown/vault';
import { FolderListings } from './folder-listings.ts';

export interface FileEntry {
  file: VaultFile;
  diskPath: string;
}

export class FileTable {
  private readonly files = new Map<string, FileEntry>();
  /** folder vault path -> its relative path on disk */
  private readonly folders = new Map<string, string>();
  readonly tally = new FileTally(() => this.mtimes());
  readonly listings = new FolderListings(() => this.entries());

  file(path: string): FileEntry | undefined {
    return this.files.get(path);
  }

  hasFolder(path: string): boolean {
    return path === '' || this.folders.has(path);
  }

  folder(path: string): VaultFolder | null {
    return this.hasFolder(path) ? { path, name: nameOf(path) } : null;
  }

  listFiles(): VaultFile[] {
    return [...this.files.values()].map((entry) => entry.file);
  }

  listFolders(): VaultFolder[] {
    return [...this.folders.keys()].map((path) => ({ path, name: nameOf(path) }));
  }

  /** Files inside a folder, at any depth. */
  filesUnder(folder: string): FileEntry[] {
    const prefix = `${folder}/`;
    return [...this.files.values()].filter((entry) => entry.file.path.startsWith(prefix));
  }

  /** Files and folders directly inside a folder ('' for the root), with their disk paths. */
  childrenOf(folder: string): { path: string; diskPath: string }[] {
    const isChild = (path: string) => parentFolder(path) === folder && path !== '';
    const children: { path: string; diskPath: string }[] = [];
    for (const [path, entry] of this.files)
      if (isChild(path)) children.push({ path, diskPath: entry.diskPath });
    for (const [path, diskPath] of this.folders)
      if (isChild(path)) children.push({ path, diskPath });
    return children;
  }

  /** Folders inside a folder, at any depth. */
  foldersUnder(folder: string): string[] {
    const prefix = `${folder}/`;
    return [...this.folders.keys()].filter((path) => path.startsWith(prefix));
  }

  /** An existing file or folder whose path equals `path` ignoring case (names must stay portable). */
  findIgnoringCase(path: string): string | undefined {
    const lower = path.toLowerCase();
    for (const existing of this.files.keys()) if (existing.toLowerCase() === lower) return existing;
    for (const existing of this.folders.keys())
      if (existing.toLowerCase() === lower) return existing;
    return undefined;
  }

  setFile(path: string, diskPath: string, stat: FileStat): VaultFile {
    const name = nameOf(path);
    const { basename, extension } = splitFileName(name); // no spread: setFile runs per file at load
    const file: VaultFile = { path, name, basename, extension, stat };
    const previous = this.files.get(path)?.file.stat.mtime ?? null;
    this.files.set(path, { file, diskPath });
    this.tally.setFile(path, isNote(path), stat.mtime, previous);
    if (previous === null) this.listings.added(path);
    return file;
  }

  deleteFile(path: string): void {
    if (!this.files.delete(path)) return;
    this.tally.deleteFile(path, isNote(path));
    this.listings.removed(path);
  }

  addFolder(path: string, diskPath: string): void {
    if (!this.folders.has(path)) this.listings.added(`${path}/`);
    this.folders.set(path, diskPath);
    this.tally.addFolder(path);
  }

  deleteFolder(path: string): void {
    if (!this.folders.delete(path)) return;
    this.tally.deleteFolder(path);
    this.listings.removed(`${path}/`);
  }

  private *entries(): Iterable<string> {
    yield* this.files.keys();
    for (const path of this.folders.keys()) yield `${path}/`;
  }

  private *mtimes(): Iterable<NewestFile> {
    for (const [path, entry] of this.files) yield { path, mtime: entry.file.stat.mtime };
  }

  /** The recorded disk path of an existing file or folder. */
  diskPathOf(path: string): string | undefined {
    return this.files.get(path)?.diskPath ?? this.folders.get(path);
  }

  /** The disk path a new entry at `path` gets: its parent's disk path plus its own name. */
  diskPathFor(path: string): string {
    const parent = parentFolder(path);
    const name = nameOf(path);
    return parent === '' ? name : `${this.folders.get(parent) ?? parent}/${name}`;
  }
}

function nameOf(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}
