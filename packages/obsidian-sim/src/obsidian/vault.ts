/**
 * Obsidian's Vault over a real folder: the file tree (TFile, TFolder) loaded by a scan that
 * skips dot-entries as Obsidian does, every read and write done through the FileSystemAdapter,
 * and the `create`, `modify`, `delete` and `rename` events after each change. The metadata cache
 * hears of each change first (`VaultObserver`), so listeners of vault events see fresh metadata.
 */
import type {
  DataWriteOptions,
  TAbstractFile as ObsidianAbstractFile,
  TFile as ObsidianFile,
  Vault as ObsidianVault,
} from 'obsidian';
import { isIndexedText } from '@mcp-connector/markdown/vault';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { FileSystemAdapter } from './adapter.ts';
import { Events } from './events.ts';
import { TAbstractFile, TFile, TFolder } from './files.ts';

type VaultMembers =
  | 'adapter'
  | 'configDir'
  | 'getName'
  | 'getFileByPath'
  | 'getFolderByPath'
  | 'getAbstractFileByPath'
  | 'getRoot'
  | 'create'
  | 'createBinary'
  | 'createFolder'
  | 'read'
  | 'cachedRead'
  | 'readBinary'
  | 'getResourcePath'
  | 'delete'
  | 'trash'
  | 'rename'
  | 'modify'
  | 'modifyBinary'
  | 'append'
  | 'process'
  | 'getAllLoadedFiles'
  | 'getAllFolders'
  | 'getMarkdownFiles'
  | 'getFiles';

/** What the metadata cache learns from the vault, before the vault's own event fires. */
export interface VaultObserver {
  fileAdded(file: TFile, text: string | null): void;
  fileChanged(file: TFile, text: string): void;
  fileMoved(file: TFile, oldPath: string): void;
  fileRemoved(file: TFile): void;
}

const BOM = '\uFEFF';

export class Vault extends Events implements Pick<ObsidianVault, VaultMembers> {
  readonly configDir = '.obsidian';
  private readonly root: TFolder;
  private readonly entries = new Map<string, TAbstractFile>();
  private observer: VaultObserver | null = null;

  constructor(readonly adapter: FileSystemAdapter) {
    super();
    this.root = new TFolder(this.self(), '/');
    this.entries.set('/', this.root);
    adapter.onRemoved = (path) => {
      const entry = this.entries.get(path);
      if (entry !== undefined && entry !== this.root) this.forget(entry);
    };
  }

  /** Scans the folder; `observe` hears of every file, then of each later change. */
  async load(observer: VaultObserver): Promise<void> {
    this.observer = observer;
    await this.scan(this.root);
    for (const file of this.getFiles()) {
      const text = isIndexed(file) ? stripBom(await this.adapter.read(file.path)) : null;
      observer.fileAdded(file, text);
    }
  }

  getName(): string {
    return this.adapter.getName();
  }

  getRoot(): TFolder {
    return this.root;
  }

  getAbstractFileByPath(path: string): TAbstractFile | null {
    return this.entries.get(path) ?? null;
  }

  getFileByPath(path: string): TFile | null {
    const entry = this.entries.get(path);
    return entry instanceof TFile ? entry : null;
  }

  getFolderByPath(path: string): TFolder | null {
    const entry = this.entries.get(path);
    return entry instanceof TFolder ? entry : null;
  }

  getAllLoadedFiles(): TAbstractFile[] {
    return [...this.entries.values()];
  }

  getAllFolders(includeRoot = false): TFolder[] {
    return [...this.entries.values()].filter(
      (entry): entry is TFolder => entry instanceof TFolder && (includeRoot || !entry.isRoot()),
    );
  }

  getFiles(): TFile[] {
    return [...this.entries.values()].filter((entry): entry is TFile => entry instanceof TFile);
  }

  getMarkdownFiles(): TFile[] {
    return this.getFiles().filter((file) => file.extension === 'md');
  }

  getResourcePath(file: ObsidianFile): string {
    return this.adapter.getResourcePath(file.path);
  }

  async read(file: ObsidianFile): Promise<string> {
    return stripBom(await this.adapter.read(this.requireFile(file).path));
  }

  cachedRead(file: ObsidianFile): Promise<string> {
    return this.read(file);
  }

  readBinary(file: ObsidianFile): Promise<ArrayBuffer> {
    return this.adapter.readBinary(this.requireFile(file).path);
  }

  async create(path: string, data: string, _options?: DataWriteOptions): Promise<TFile> {
    const parent = this.newEntryParent(path);
    await this.adapter.write(path, data);
    return this.addFile(parent, path, data);
  }

  async createBinary(path: string, data: ArrayBuffer, _options?: DataWriteOptions): Promise<TFile> {
    const parent = this.newEntryParent(path);
    await this.adapter.writeBinary(path, data);
    return this.addFile(parent, path, stripBom(new TextDecoder().decode(data)));
  }

  async createFolder(path: string): Promise<TFolder> {
    const parent = this.newEntryParent(path, 'Folder already exists.');
    await this.adapter.mkdir(path);
    const folder = new TFolder(this.self(), path);
    this.attach(parent, folder);
    this.trigger('create', folder);
    return folder;
  }

  async modify(file: ObsidianFile, data: string, _options?: DataWriteOptions): Promise<void> {
    const entry = this.requireFile(file);
    await this.adapter.write(entry.path, data);
    await this.changed(entry, data);
  }

  async modifyBinary(
    file: ObsidianFile,
    data: ArrayBuffer,
    _options?: DataWriteOptions,
  ): Promise<void> {
    const entry = this.requireFile(file);
    await this.adapter.writeBinary(entry.path, data);
    // Obsidian re-reads a note however it was written: bytes written to a note are its new text.
    await this.changed(entry, isIndexed(entry) ? await this.read(entry) : '');
  }

  async append(file: ObsidianFile, data: string, _options?: DataWriteOptions): Promise<void> {
    const entry = this.requireFile(file);
    await this.adapter.append(entry.path, data);
    await this.changed(entry, await this.read(entry));
  }

  /** Obsidian's atomic read-modify-write: the new text is written only when it differs. */
  async process(
    file: ObsidianFile,
    fn: (data: string) => string,
    _options?: DataWriteOptions,
  ): Promise<string> {
    const entry = this.requireFile(file);
    const current = await this.read(entry);
    const next = fn(current);
    if (next !== current) await this.modify(entry, next);
    return next;
  }

  async rename(file: ObsidianAbstractFile, newPath: string): Promise<void> {
    const entry = this.requireEntry(file);
    const parent = this.newEntryParent(newPath);
    const oldPath = entry.path;
    await this.adapter.rename(oldPath, newPath);
    this.detach(entry);
    this.attach(parent, entry);
    this.movePaths(entry, oldPath, newPath);
  }

  /** The adapter's removal makes the vault forget the entry (see its `onRemoved`). */
  async delete(file: ObsidianAbstractFile, _force?: boolean): Promise<void> {
    const entry = this.requireEntry(file);
    if (entry instanceof TFolder) await this.adapter.rmdir(entry.path, true);
    else await this.adapter.remove(entry.path);
  }

  /** To the system trash (`system`), falling back to the vault's .trash as Obsidian does. */
  // The adapter's removal makes the vault forget the entry (see its `onRemoved`).
  async trash(file: ObsidianAbstractFile, system: boolean): Promise<void> {
    const entry = this.requireEntry(file);
    if (!(system && (await this.adapter.trashSystem(entry.path))))
      await this.adapter.trashLocal(entry.path);
  }

  private async scan(folder: TFolder): Promise<void> {
    const diskFolder = folder.isRoot() ? '' : folder.path;
    const entries = await readdir(this.adapter.getFullPath(diskFolder), { withFileTypes: true });
    for (const dirent of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      if (dirent.name.startsWith('.')) continue;
      const path = folder.isRoot() ? dirent.name : `${folder.path}/${dirent.name}`;
      if (dirent.isDirectory()) {
        const child = new TFolder(this.self(), path);
        this.attach(folder, child);
        await this.scan(child);
      } else if (dirent.isFile()) {
        this.attach(folder, new TFile(this.self(), path, await this.statOf(path)));
      }
    }
  }

  private async addFile(parent: TFolder, path: string, text: string | null): Promise<TFile> {
    const file = new TFile(this.self(), path, await this.statOf(path));
    this.attach(parent, file);
    this.observer?.fileAdded(file, isIndexed(file) ? text : null);
    this.trigger('create', file);
    return file;
  }

  private async changed(file: TFile, text: string): Promise<void> {
    await this.refreshStat(file);
    if (isIndexed(file)) this.observer?.fileChanged(file, stripBom(text));
    this.trigger('modify', file);
  }

  private async refreshStat(file: TFile): Promise<void> {
    const { mtime, size } = await this.statOf(file.path);
    file.stat = { ...file.stat, mtime, size };
  }

  private async statOf(path: string): Promise<{ ctime: number; mtime: number; size: number }> {
    const stats = await stat(join(this.adapter.getBasePath(), path));
    const ctime = stats.birthtimeMs > 0 ? stats.birthtimeMs : stats.ctimeMs;
    return { ctime: Math.round(ctime), mtime: Math.round(stats.mtimeMs), size: stats.size };
  }

  /** Files inside a moved folder move with it: each hears `rename`, then the folder does. */
  private movePaths(entry: TAbstractFile, oldPath: string, newPath: string): void {
    const moved = entry instanceof TFolder ? descendants(entry) : [];
    for (const child of moved) {
      const childOld = child.path;
      this.entries.delete(childOld);
      child.setPath(newPath + childOld.slice(oldPath.length));
      this.entries.set(child.path, child);
      if (child instanceof TFile) this.observer?.fileMoved(child, childOld);
      this.trigger('rename', child, childOld);
    }
    this.entries.delete(oldPath);
    entry.setPath(newPath);
    this.entries.set(newPath, entry);
    if (entry instanceof TFile) this.observer?.fileMoved(entry, oldPath);
    this.trigger('rename', entry, oldPath);
  }

  private forget(entry: TAbstractFile): void {
    const gone = entry instanceof TFolder ? descendants(entry) : [];
    this.detach(entry);
    for (const child of gone) {
      this.entries.delete(child.path);
      if (child instanceof TFile) this.observer?.fileRemoved(child);
      this.trigger('delete', child);
    }
    this.entries.delete(entry.path);
    if (entry instanceof TFile) this.observer?.fileRemoved(entry);
    this.trigger('delete', entry);
  }

  /** The existing parent folder a new entry at `path` goes into; throws when taken or missing. */
  private newEntryParent(path: string, takenMessage = 'File already exists.'): TFolder {
    if (this.entries.has(path)) throw new Error(takenMessage);
    const slash = path.lastIndexOf('/');
    const parent = slash === -1 ? this.root : this.getFolderByPath(path.slice(0, slash));
    if (parent === null) throw new Error(`Folder ${path.slice(0, slash)} does not exist.`);
    return parent;
  }

  private attach(parent: TFolder, entry: TAbstractFile): void {
    entry.parent = parent;
    parent.children.push(entry);
    this.entries.set(entry.path, entry);
  }

  private detach(entry: TAbstractFile): void {
    const siblings = entry.parent?.children;
    if (siblings !== undefined) siblings.splice(siblings.indexOf(entry), 1);
    entry.parent = null;
  }

  private requireEntry(file: ObsidianAbstractFile): TAbstractFile {
    const entry = this.entries.get(file.path);
    if (entry === undefined) throw new Error(`File ${file.path} does not exist.`);
    return entry;
  }

  private requireFile(file: ObsidianFile): TFile {
    const entry = this.requireEntry(file);
    if (!(entry instanceof TFile)) throw new Error(`${file.path} is not a file.`);
    return entry;
  }

  /** This vault as Obsidian's type, for the `vault` member of each file (the one cast). */
  private self(): ObsidianVault {
    return this as unknown as ObsidianVault;
  }
}

function descendants(folder: TFolder): TAbstractFile[] {
  return folder.children.flatMap((child) =>
    child instanceof TFolder ? [child, ...descendants(child)] : [child],
  );
}

/** Notes and canvases feed the metadata cache; other files are link targets only. */
function isIndexed(file: TFile): boolean {
  return isIndexedText(file.path);
}

function stripBom(text: string): string {
  return text.startsWith(BOM) ? text.slice(1) : text;
}
