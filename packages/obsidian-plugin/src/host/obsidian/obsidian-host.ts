/**
 * ObsidianHost: the VaultHost over a running Obsidian `app`. It translates paths to TFile and
 * TFolder and back, and adds no behaviour of its own: Obsidian's vault, metadata cache, file
 * manager and workspace do the work. Writes are serialised by the same kind of write lock
 * NodeHost uses.
 *
 * Where Obsidian's API would change bytes the contract keeps, it works around it: `vault.read`
 * drops a note's BOM and `vault.modify` writes the text it is given, so an edit of a BOM note
 * hands back the text with U+FEFF in front (written as the BOM's bytes); processFrontMatter
 * writes LF frontmatter and no BOM, so a note in CRLF or with a BOM gets the same edit through
 * `vault.process` and the engine NodeHost uses; a rename puts the notes it must not touch back
 * byte for byte.
 */
import { Mutex, ToolError } from '@mcp-connector/shared';
import {
  TFile,
  getAllTags,
  moment,
  type App,
  type CachedMetadata,
  type EventRef,
  type TAbstractFile,
} from 'obsidian';
import { keepLineEndings, usesCrlf } from '@mcp-connector/markdown';
import { editFrontMatter, parseAppSettings } from '@mcp-connector/markdown/vault';
import type {
  CommandAccess,
  DataviewAccess,
  LinkCounts,
  MomentFactory,
  RenameOptions,
  TemplaterAccess,
  VaultAnswers,
  VaultEvent,
  VaultFile,
  VaultFolder,
  VaultHost,
} from '../vault-host.ts';
import { computedAnswers } from '../answers/computed-answers.ts';
import { commandAccess, dataviewAccess, templaterAccess } from './plugin-integrations.ts';
import { invalidFrontmatter, missingEntry, missingFile } from '../host-errors.ts';
import { parentFolder } from '../vault-path.ts';
import { decodeForEdit, type DecodedNote } from '../note-encoding.ts';

const BOM = '\uFEFF';

export class ObsidianHost implements VaultHost {
  readonly kind = 'plugin' as const;
  private readonly writeLock = new Mutex();

  constructor(private readonly app: App) {}

  get vaultName(): string {
    return this.app.vault.getName();
  }

  get configDir(): string {
    return this.app.vault.configDir;
  }

  // Files

  getFile(path: string): VaultFile | null {
    const file = this.app.vault.getFileByPath(path);
    return file === null ? null : toVaultFile(file);
  }

  getFolder(path: string): VaultFolder | null {
    const folder = this.app.vault.getFolderByPath(path === '' ? '/' : path);
    return folder === null ? null : { path: folder.isRoot() ? '' : folder.path, name: folder.name };
  }

  listFiles(): VaultFile[] {
    return this.app.vault.getFiles().map(toVaultFile);
  }

  listFolders(): VaultFolder[] {
    return this.app.vault
      .getAllFolders(false)
      .map((folder) => ({ path: folder.path, name: folder.name }));
  }

  async read(path: string): Promise<string> {
    return this.app.vault.read(this.requireFile(path));
  }

  async readBinary(path: string): Promise<Uint8Array> {
    return new Uint8Array(await this.app.vault.readBinary(this.requireFile(path)));
  }

  create(path: string, content: string): Promise<VaultFile> {
    return this.writeLock.run(async () => {
      await this.prepareNewPath(path);
      return toVaultFile(await this.app.vault.create(path, content));
    });
  }

  createBinary(path: string, data: Uint8Array): Promise<VaultFile> {
    return this.writeLock.run(async () => {
      await this.prepareNewPath(path);
      return toVaultFile(await this.app.vault.createBinary(path, toBuffer(data)));
    });
  }

  modifyBinary(path: string, data: Uint8Array): Promise<void> {
    return this.writeLock.run(() =>
      this.app.vault.modifyBinary(this.requireFile(path), toBuffer(data)),
    );
  }

  process(path: string, transform: (content: string) => string): Promise<string> {
    return this.writeLock.run(async () => {
      const file = this.requireFile(path);
      const { bom } = await this.decode(file);
      const written = await this.app.vault.process(file, (current) =>
        withBom(transform(current), bom),
      );
      return bom ? written.slice(BOM.length) : written;
    });
  }

  createFolder(path: string): Promise<void> {
    return this.writeLock.run(() => this.ensureFolder(path));
  }

  rename(from: string, to: string): Promise<void> {
    return this.writeLock.run(async () => {
      const entry = this.requireEntry(from);
      await this.prepareNewPath(to, from);
      await this.app.vault.rename(entry, to);
    });
  }

  async readConfigFile(relativePath: string): Promise<string | null> {
    const path = `${this.configDir}/${relativePath}`;
    const adapter = this.app.vault.adapter;
    return (await adapter.exists(path)) ? adapter.read(path) : null;
  }

  onEvent(listener: (event: VaultEvent) => void): () => void {
    const vault = this.app.vault;
    const refs: EventRef[] = [
      vault.on('create', (file) => listener({ kind: 'create', path: file.path })),
      vault.on('modify', (file) => listener({ kind: 'modify', path: file.path })),
      vault.on('delete', (file) => listener({ kind: 'delete', path: file.path })),
      vault.on('rename', (file, oldPath) => listener({ kind: 'rename', path: file.path, oldPath })),
    ];
    return () => refs.forEach((ref) => vault.offref(ref));
  }

  // Metadata

  getFileCache(path: string): CachedMetadata | null {
    const file = this.app.vault.getFileByPath(path);
    return file === null ? null : this.app.metadataCache.getFileCache(file);
  }

  getAllTags(path: string): string[] {
    const cache = this.getFileCache(path);
    return cache === null ? [] : (getAllTags(cache) ?? []);
  }

  getFirstLinkpathDest(linkpath: string, sourcePath: string): string | null {
    return this.app.metadataCache.getFirstLinkpathDest(linkpath, sourcePath)?.path ?? null;
  }

  resolvedLinks(): LinkCounts {
    return this.app.metadataCache.resolvedLinks;
  }

  unresolvedLinks(): LinkCounts {
    return this.app.metadataCache.unresolvedLinks;
  }

  /** Obsidian keeps no tag tally, file counts or broken-link list: computed from the above. */
  answers(): VaultAnswers {
    return computedAnswers(this);
  }

  // File manager

  renameFile(from: string, to: string, options: RenameOptions = {}): Promise<void> {
    return this.writeLock.run(async () => {
      const entry = this.requireEntry(from);
      await this.prepareNewPath(to, from);
      const kept = await this.bytesToKeep(from, options.keepLinksIn);
      await this.app.fileManager.renameFile(entry, to);
      await this.restore(kept);
    });
  }

  trashFile(path: string): Promise<void> {
    return this.writeLock.run(async () => {
      const entry = this.requireEntry(path);
      const { trashOption } = parseAppSettings(await this.readConfigFile('app.json'));
      // "Delete permanently" is honoured only by people, never by a tool: use the vault's .trash.
      if (trashOption === 'none') await this.app.vault.adapter.trashLocal(entry.path);
      else await this.app.fileManager.trashFile(entry);
    });
  }

  processFrontMatter(
    path: string,
    change: (frontmatter: Record<string, unknown>) => void,
    guard?: (currentText: string) => void,
  ): Promise<void> {
    return this.writeLock.run(async () => {
      const file = this.requireFile(path);
      const note = await this.decode(file);
      try {
        if (keepsItsStyle(note)) {
          if (guard !== undefined) guard(await this.app.vault.read(file));
          await this.app.fileManager.processFrontMatter(file, change);
        } else {
          await this.app.vault.process(file, (current) => {
            guard?.(current);
            return withBom(keepLineEndings(current, editFrontMatter(current, change)), note.bom);
          });
        }
      } catch (error) {
        throw invalidFrontmatter(error);
      }
    });
  }

  generateMarkdownLink(
    targetPath: string,
    sourcePath: string,
    subpath?: string,
    alias?: string,
  ): string {
    return this.app.fileManager.generateMarkdownLink(
      this.requireFile(targetPath),
      sourcePath,
      subpath,
      alias,
    );
  }

  // Workspace

  getActiveFile(): string | null {
    return this.app.workspace.getActiveFile()?.path ?? null;
  }

  async openFile(path: string, newLeaf: boolean): Promise<void> {
    await this.app.workspace.getLeaf(newLeaf ? 'tab' : false).openFile(this.requireFile(path));
  }

  // Integrations

  dataview(): DataviewAccess {
    return dataviewAccess(this.app);
  }

  templater(): TemplaterAccess | null {
    return templaterAccess(this.app);
  }

  loadMoment(): Promise<MomentFactory> {
    return Promise.resolve(moment);
  }

  commands(): CommandAccess | null {
    return commandAccess(this.app);
  }

  /** The note's text for an edit; `unsupported_encoding` when it is not UTF-8. */
  private async decode(file: TFile): Promise<DecodedNote> {
    return decodeForEdit(new Uint8Array(await this.app.vault.readBinary(file)), file.path);
  }

  /**
   * The bytes of each file that links into `path` and must keep its links: Obsidian's renameFile
   * rewrites every linking note and takes no filter, so those notes are put back byte for byte.
   */
  private async bytesToKeep(
    path: string,
    keepLinksIn: ((path: string) => boolean) | undefined,
  ): Promise<Map<TFile, ArrayBuffer>> {
    const kept = new Map<TFile, ArrayBuffer>();
    if (keepLinksIn === undefined) return kept;
    const inside = (target: string) => target === path || target.startsWith(`${path}/`);
    for (const [source, targets] of Object.entries(this.app.metadataCache.resolvedLinks)) {
      const file = this.app.vault.getFileByPath(source);
      if (file !== null && keepLinksIn(source) && Object.keys(targets).some(inside))
        kept.set(file, await this.app.vault.readBinary(file));
    }
    return kept;
  }

  private async restore(kept: Map<TFile, ArrayBuffer>): Promise<void> {
    for (const [file, bytes] of kept) {
      const now = await this.app.vault.readBinary(file);
      if (!sameBytes(now, bytes)) await this.app.vault.modifyBinary(file, bytes);
    }
  }

  private requireFile(path: string): TFile {
    const file = this.app.vault.getFileByPath(path);
    if (file === null) throw missingFile(path);
    return file;
  }

  private requireEntry(path: string): TAbstractFile {
    const entry = this.app.vault.getAbstractFileByPath(path);
    if (entry === null) throw missingEntry(path);
    return entry;
  }

  /**
   * Refuses a path an entry already has, ignoring case (as NodeHost does: names must stay
   * portable, and on macOS and Windows the disk would refuse it anyway), except `movingFrom`
   * itself, so a case-only rename works. Then makes the parent folders.
   */
  private async prepareNewPath(path: string, movingFrom?: string): Promise<void> {
    const lower = path.toLowerCase();
    const taken = this.app.vault
      .getAllLoadedFiles()
      .find((entry) => entry.path.toLowerCase() === lower && entry.path !== movingFrom);
    if (taken !== undefined && movingFrom?.toLowerCase() !== lower)
      throw new ToolError('already_exists', `${taken.path} already exists.`);
    await this.ensureFolder(parentFolder(path));
  }

  private async ensureFolder(path: string): Promise<void> {
    if (path === '' || this.app.vault.getFolderByPath(path) !== null) return;
    if (this.app.vault.getFileByPath(path) !== null)
      throw new ToolError('not_a_folder', `${path} is a file, not a folder.`);
    await this.ensureFolder(parentFolder(path));
    await this.app.vault.createFolder(path);
  }
}

/** Whether Obsidian's processFrontMatter leaves the note's bytes as the contract wants. */
function keepsItsStyle(note: DecodedNote): boolean {
  return !note.bom && !usesCrlf(note.text);
}

function withBom(text: string, bom: boolean): string {
  return bom ? BOM + text : text;
}

function sameBytes(a: ArrayBuffer, b: ArrayBuffer): boolean {
  if (a.byteLength !== b.byteLength) return false;
  const left = new Uint8Array(a);
  const right = new Uint8Array(b);
  return left.every((byte, index) => byte === right[index]);
}

function toBuffer(data: Uint8Array): ArrayBuffer {
  return data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength) as ArrayBuffer;
}

function toVaultFile(file: TFile): VaultFile {
  return {
    path: file.path,
    name: file.name,
    basename: file.basename,
    extension: file.extension,
    stat: { ctime: file.stat.ctime, mtime: file.stat.mtime, size: file.stat.size },
  };
}
