/**
 * The hidden-folders guard: a VaultHost around the real one in which every hidden folder behaves
 * exactly like a folder that does not exist, for every tool: it is never listed or found, reads
 * and edits of its files fail as "not found" with the very words a missing file gets, its notes
 * are no link targets, tags or backlinks, and its events are never heard. One deliberate
 * difference: creating or moving something INTO a hidden folder is refused (`invalid_path`),
 * because doing it would put an AI's writing into the user's private folder. Likewise a folder
 * that holds a hidden folder is never moved, renamed or trashed (the hidden subtree would change
 * place or become reachable under a new name), and a rename never rewrites a link inside a
 * hidden note. The vault-wide answers stay the inner host's, with the hidden part taken out
 * (visible-answers.ts), or are computed over this host when the inner host computes its own.
 */
import { ToolError } from '@mcp-connector/shared';
import type { CachedMetadata } from 'obsidian';
import { ComputedAnswers, computedAnswers } from '../../../../host/answers/computed-answers.ts';
import { missingEntry, missingFile } from '../../../../host/host-errors.ts';
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
} from '../../../../host/vault-host.ts';
import { HiddenPaths } from './hidden-paths.ts';
import { VisibleAnswers } from './visible-answers.ts';
import { VisibleLinks } from './visible-links.ts';

export class HiddenFoldersHost implements VaultHost {
  private visibleLinks: { key: string; links: VisibleLinks } | null = null;
  private visibleAnswers: VisibleAnswers | null = null;
  /** The paths of the list last read: a vault-wide pass asks for each file. */
  private lastHidden: HiddenPaths | null = null;
  /** Every subscription made through this guard (its own first), released by `close`. */
  private readonly subscriptions = new Set<() => void>();
  private closed = false;

  constructor(
    private readonly inner: VaultHost,
    /** Read on every call, so a settings change applies at once. */
    private readonly hiddenFolders: () => readonly string[],
  ) {
    this.subscribe((event) => {
      this.visibleLinks = null;
      this.visibleAnswers?.changed(event);
    });
  }

  /**
   * Stops following the inner host's events, for the guard and for every listener subscribed
   * through it (the connector's close): whatever a feature forgot to release, or subscribed
   * once closed, never outlives the connector.
   */
  close(): void {
    this.closed = true;
    for (const unsubscribe of this.subscriptions) unsubscribe();
    this.subscriptions.clear();
  }

  get kind() {
    return this.inner.kind;
  }
  get vaultName() {
    return this.inner.vaultName;
  }
  get configDir() {
    return this.inner.configDir;
  }

  private hidden(): HiddenPaths {
    const folders = this.hiddenFolders();
    if (this.lastHidden?.folders !== folders) this.lastHidden = new HiddenPaths(folders);
    return this.lastHidden;
  }

  private requireVisibleFile(path: string): void {
    if (this.hidden().covers(path)) throw missingFile(path);
  }

  private requireVisibleEntry(path: string): void {
    if (this.hidden().covers(path)) throw missingEntry(path);
  }

  private refuseHiddenTarget(path: string): void {
    if (this.hidden().covers(path)) {
      throw new ToolError(
        'invalid_path',
        `Invalid path "${path}": this location is not available to AI clients.`,
        { path },
      );
    }
  }

  /** Refuses moving or trashing `path` when it is a folder holding a hidden folder. */
  private refuseCarryingHidden(path: string, code: 'invalid_path' | 'not_empty'): void {
    if (this.inner.getFolder(path) === null && code === 'not_empty') return;
    if (!this.hidden().holdsHiddenInside(path)) return;
    throw new ToolError(
      code,
      `${path} holds content that is not available to AI clients, so it cannot be moved, renamed or deleted through MCP. Do it in Obsidian, or change the hidden folders in the Local MCP Server settings.`,
      { path },
    );
  }

  /** Both ends of a move: neither may carry a hidden folder along. */
  private refuseMovingHidden(from: string, to: string): void {
    if (this.inner.getFolder(from) === null) return;
    this.refuseCarryingHidden(from, 'invalid_path');
    this.refuseCarryingHidden(to, 'invalid_path');
  }

  private links(): VisibleLinks {
    const hidden = this.hidden();
    if (this.visibleLinks?.key !== hidden.key)
      this.visibleLinks = { key: hidden.key, links: new VisibleLinks(this.inner, hidden) };
    return this.visibleLinks.links;
  }

  // Files

  getFile(path: string): VaultFile | null {
    return this.hidden().covers(path) ? null : this.inner.getFile(path);
  }
  getFolder(path: string): VaultFolder | null {
    return this.hidden().covers(path) ? null : this.inner.getFolder(path);
  }
  listFiles(): VaultFile[] {
    const hidden = this.hidden();
    const files = this.inner.listFiles();
    return hidden.isEmpty ? files : files.filter((file) => !hidden.covers(file.path));
  }
  listFolders(): VaultFolder[] {
    const hidden = this.hidden();
    const folders = this.inner.listFolders();
    return hidden.isEmpty ? folders : folders.filter((folder) => !hidden.covers(folder.path));
  }
  async read(path: string): Promise<string> {
    this.requireVisibleFile(path);
    return this.inner.read(path);
  }
  async readBinary(path: string): Promise<Uint8Array> {
    this.requireVisibleFile(path);
    return this.inner.readBinary(path);
  }
  async create(path: string, content: string): Promise<VaultFile> {
    this.refuseHiddenTarget(path);
    return this.inner.create(path, content);
  }
  async createBinary(path: string, data: Uint8Array): Promise<VaultFile> {
    this.refuseHiddenTarget(path);
    return this.inner.createBinary(path, data);
  }
  async modifyBinary(path: string, data: Uint8Array): Promise<void> {
    this.requireVisibleFile(path);
    return this.inner.modifyBinary(path, data);
  }
  async process(path: string, transform: (content: string) => string): Promise<string> {
    this.requireVisibleFile(path);
    return this.inner.process(path, transform);
  }
  async createFolder(path: string): Promise<void> {
    this.refuseHiddenTarget(path);
    return this.inner.createFolder(path);
  }
  async rename(from: string, to: string): Promise<void> {
    this.requireVisibleEntry(from);
    this.refuseHiddenTarget(to);
    this.refuseMovingHidden(from, to);
    return this.inner.rename(from, to);
  }
  readConfigFile(relativePath: string): Promise<string | null> {
    return this.inner.readConfigFile(relativePath);
  }
  onEvent(listener: (event: VaultEvent) => void): () => void {
    return this.subscribe((event) => {
      const visible = visibleEvent(event, this.hidden());
      if (visible !== null) listener(visible);
    });
  }

  private subscribe(listener: (event: VaultEvent) => void): () => void {
    if (this.closed) return () => undefined;
    const stop = this.inner.onEvent(listener);
    const unsubscribe = () => {
      if (this.subscriptions.delete(unsubscribe)) stop();
    };
    this.subscriptions.add(unsubscribe);
    return unsubscribe;
  }

  // Metadata

  getFileCache(path: string): CachedMetadata | null {
    return this.hidden().covers(path) ? null : this.inner.getFileCache(path);
  }
  getAllTags(path: string): string[] {
    return this.hidden().covers(path) ? [] : this.inner.getAllTags(path);
  }
  getFirstLinkpathDest(linkpath: string, sourcePath: string): string | null {
    const hidden = this.hidden();
    const target = this.inner.getFirstLinkpathDest(linkpath, sourcePath);
    if (target === null || !hidden.covers(target)) return target;
    return this.links().resolver.getFirstLinkpathDest(linkpath, sourcePath);
  }
  resolvedLinks(): LinkCounts {
    return this.hidden().isEmpty ? this.inner.resolvedLinks() : this.links().resolved;
  }
  unresolvedLinks(): LinkCounts {
    return this.hidden().isEmpty ? this.inner.unresolvedLinks() : this.links().unresolved;
  }
  /**
   * The inner host's answers with the hidden part taken out. Answers the inner host computes are
   * computed over this host instead: it costs the same, and no hidden note is read for them.
   */
  answers(): VaultAnswers {
    const inner = this.inner.answers();
    if (inner instanceof ComputedAnswers) return computedAnswers(this);
    const hidden = this.hidden();
    if (hidden.isEmpty) return inner;
    const current = this.visibleAnswers;
    if (current?.inner !== inner || current.hidden.key !== hidden.key)
      this.visibleAnswers = new VisibleAnswers(inner, this.inner, hidden, () =>
        this.resolvedLinks(),
      );
    return this.visibleAnswers as VisibleAnswers;
  }

  // File manager

  async renameFile(from: string, to: string, options: RenameOptions = {}): Promise<void> {
    this.requireVisibleEntry(from);
    this.refuseHiddenTarget(to);
    this.refuseMovingHidden(from, to);
    const hidden = this.hidden();
    if (hidden.isEmpty) return this.inner.renameFile(from, to, options);
    const keep = options.keepLinksIn;
    return this.inner.renameFile(from, to, {
      ...options,
      keepLinksIn: (path) => hidden.covers(path) || keep?.(path) === true,
    });
  }
  async trashFile(path: string): Promise<void> {
    this.requireVisibleEntry(path);
    this.refuseCarryingHidden(path, 'not_empty');
    return this.inner.trashFile(path);
  }
  async processFrontMatter(
    path: string,
    change: (frontmatter: Record<string, unknown>) => void,
    guard?: (currentText: string) => void,
  ): Promise<void> {
    this.requireVisibleFile(path);
    return this.inner.processFrontMatter(path, change, guard);
  }
  generateMarkdownLink(
    targetPath: string,
    sourcePath: string,
    subpath?: string,
    alias?: string,
  ): string {
    this.requireVisibleFile(targetPath);
    return this.inner.generateMarkdownLink(targetPath, sourcePath, subpath, alias);
  }

  // Workspace

  getActiveFile(): string | null {
    const path = this.inner.getActiveFile();
    return path !== null && this.hidden().covers(path) ? null : path;
  }
  async openFile(path: string, newLeaf: boolean): Promise<void> {
    this.requireVisibleFile(path);
    return this.inner.openFile(path, newLeaf);
  }

  // Integrations: tools whose effects cannot be filtered are refused by the dispatcher while
  // any folder is hidden; the guard passes them through unchanged.

  dataview(): DataviewAccess {
    return this.inner.dataview();
  }
  templater(): TemplaterAccess | null {
    return this.inner.templater();
  }
  loadMoment(): Promise<MomentFactory> {
    return this.inner.loadMoment();
  }
  commands(): CommandAccess | null {
    return this.inner.commands();
  }
}

/** The event as a client of the visible vault would see it, or null when it is all hidden. */
function visibleEvent(event: VaultEvent, hidden: HiddenPaths): VaultEvent | null {
  const nowHidden = hidden.covers(event.path);
  if (event.kind !== 'rename') return nowHidden ? null : event;
  const wasHidden = hidden.covers(event.oldPath);
  if (wasHidden && nowHidden) return null;
  if (wasHidden) return { kind: 'create', path: event.path };
  if (nowHidden) return { kind: 'delete', path: event.oldPath };
  return event;
}
