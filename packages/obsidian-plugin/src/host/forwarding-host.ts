/**
 * A VaultHost that passes every call to another one unchanged: the base for wrappers that change
 * a few calls (the change journal's recording host overrides the writes) without restating the
 * other thirty.
 */
import type { CachedMetadata } from 'obsidian';
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
} from './vault-host.ts';

export class ForwardingHost implements VaultHost {
  constructor(protected readonly inner: VaultHost) {}

  get kind() {
    return this.inner.kind;
  }
  get vaultName() {
    return this.inner.vaultName;
  }
  get configDir() {
    return this.inner.configDir;
  }

  getFile(path: string): VaultFile | null {
    return this.inner.getFile(path);
  }
  getFolder(path: string): VaultFolder | null {
    return this.inner.getFolder(path);
  }
  listFiles(): VaultFile[] {
    return this.inner.listFiles();
  }
  listFolders(): VaultFolder[] {
    return this.inner.listFolders();
  }
  read(path: string): Promise<string> {
    return this.inner.read(path);
  }
  readBinary(path: string): Promise<Uint8Array> {
    return this.inner.readBinary(path);
  }
  create(path: string, content: string): Promise<VaultFile> {
    return this.inner.create(path, content);
  }
  createBinary(path: string, data: Uint8Array): Promise<VaultFile> {
    return this.inner.createBinary(path, data);
  }
  modifyBinary(path: string, data: Uint8Array): Promise<void> {
    return this.inner.modifyBinary(path, data);
  }
  process(path: string, transform: (content: string) => string): Promise<string> {
    return this.inner.process(path, transform);
  }
  createFolder(path: string): Promise<void> {
    return this.inner.createFolder(path);
  }
  rename(from: string, to: string): Promise<void> {
    return this.inner.rename(from, to);
  }
  readConfigFile(relativePath: string): Promise<string | null> {
    return this.inner.readConfigFile(relativePath);
  }
  onEvent(listener: (event: VaultEvent) => void): () => void {
    return this.inner.onEvent(listener);
  }

  getFileCache(path: string): CachedMetadata | null {
    return this.inner.getFileCache(path);
  }
  getAllTags(path: string): string[] {
    return this.inner.getAllTags(path);
  }
  getFirstLinkpathDest(linkpath: string, sourcePath: string): string | null {
    return this.inner.getFirstLinkpathDest(linkpath, sourcePath);
  }
  resolvedLinks(): LinkCounts {
    return this.inner.resolvedLinks();
  }
  unresolvedLinks(): LinkCounts {
    return this.inner.unresolvedLinks();
  }

  /** The inner host's answers: a wrapper that hides part of the vault overrides this. */
  answers(): VaultAnswers {
    return this.inner.answers();
  }

  renameFile(from: string, to: string, options?: RenameOptions): Promise<void> {
    return this.inner.renameFile(from, to, options);
  }
  trashFile(path: string): Promise<void> {
    return this.inner.trashFile(path);
  }
  processFrontMatter(
    path: string,
    change: (frontmatter: Record<string, unknown>) => void,
    guard?: (currentText: string) => void,
  ): Promise<void> {
    return this.inner.processFrontMatter(path, change, guard);
  }
  generateMarkdownLink(
    targetPath: string,
    sourcePath: string,
    subpath?: string,
    alias?: string,
  ): string {
    return this.inner.generateMarkdownLink(targetPath, sourcePath, subpath, alias);
  }

  getActiveFile(): string | null {
    return this.inner.getActiveFile();
  }
  openFile(path: string, newLeaf: boolean): Promise<void> {
    return this.inner.openFile(path, newLeaf);
  }

  dataview(): DataviewAccess {
    return this.inner.dataview();
  }
  templater(): TemplaterAccess | null {
    return this.inner.templater();
  }
  commands(): CommandAccess | null {
    return this.inner.commands();
  }
  loadMoment(): Promise<MomentFactory> {
    return this.inner.loadMoment();
  }
}
