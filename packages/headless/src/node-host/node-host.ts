/**
 * NodeHost: a VaultHost over a vault folder on disk, for running without Obsidian. It keeps an
 * in-memory index of files, folders and note metadata, built in the background from the start
 * (index-build.ts; `indexing` tells how far it is, and a server listens meanwhile) and kept
 * current by its own writes and, when watching, by changes other programs make. Every write runs under
 * one write lock and lands atomically (temp file and rename), so two writers never lose an
 * update and a crash never leaves half a note; an edit re-checks the note just before it lands
 * and re-applies itself when another program changed it meanwhile (note-edit.ts).
 */
import { Mutex, ToolError, type Activity } from '@mcp-connector/shared';
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
} from '@mcp-connector/obsidian-plugin/host';
import type { CachedMetadata } from 'obsidian';
import { realpath } from 'node:fs/promises';
import { basename, resolve } from 'node:path';
import {
  editFrontMatter,
  generateMarkdownLink,
  renameWithReferences,
} from '@mcp-connector/markdown/vault';
import { keepLineEndings } from '@mcp-connector/markdown';
import { collectAll, collectSoon } from './garbage.ts';
import { buildIndex, type BuiltIndex, type MetadataCacheOptions } from './index-build.ts';
import { IndexProgress } from './index-progress.ts';
import { NodeAnswers } from './node-answers.ts';
import { editNote } from './note-edit.ts';
import { applyOutsideBatch } from './outside-changes.ts';
import { verifyCachedSample } from './cache-sample.ts';
import { VaultState } from './vault-state.ts';
import { watchVault, type VaultWatcher } from './vault-watcher.ts';
import { invalidFrontmatter, missingEntry } from '@mcp-connector/obsidian-plugin/host';

/** Aggregate steps (of 250 notes at most, fewer when their time is up) between two collections. */
const STEPS_PER_COLLECTION = 80;
/**
 * A step after ready ends once it has run this long: a call that arrives meanwhile waits for at
 * most that, at each of the turns it takes before it runs (ADR-0055).
 */
const STEP_BUDGET_MS = 4;

export interface NodeHostOptions {
  /** Re-index changes other programs make to the folder (default true). */
  watch?: boolean;
  /** Hears the index build: notes indexed so far of all notes found. */
  onProgress?: (indexed: number, total: number) => void;
  /** Keep note metadata in this file between runs (headless serving); none by default. */
  metadataCache?: MetadataCacheOptions;
  /** Cached notes read again in the background after a start (cache-sample.ts); default 64. */
  cacheSample?: number;
  /** Threads parsing notes while the index builds (0: in-process; default: automatic). */
  parseThreads?: number;
  /**
   * The index build begins once this settles (a server: once its port is open). The build is
   * work a turn at a time, and each of the server's own start-up steps would wait a turn behind
   * it: the port opened 0.1-0.3 s later at 100,000 notes, and no sooner for the build.
   */
  buildAfter?: Promise<unknown>;
  /** Hears of build failures that happen after `start` returned. */
  onError?: (error: Error) => void;
}

export class NodeHost implements VaultHost {
  readonly kind = 'headless' as const;
  readonly configDir = '.obsidian';
  readonly vaultName: string;
  private readonly state: VaultState;
  private readonly writeLock = new Mutex();
  private watcher: VaultWatcher | null = null;
  private activeFile: string | null = null;
  /** How far the index build is; ready once every note is indexed. */
  readonly indexing = new IndexProgress();
  private building: Promise<void> = Promise.resolve();
  private closing = false;
  private markTextsRead: () => void = () => {};
  /** Settles once the texts of notes restored unread are read (or the build ends early). */
  private readonly textsRead = new Promise<void>((resolve) => (this.markTextsRead = resolve));
  private readonly vaultAnswers: NodeAnswers;
  /** What the steps after ready stand aside for besides the write lock (write calls). */
  private readonly yieldTo: Activity[] = [];
  /** A write call waits for the restored texts: reading them stands aside for nothing. */
  private textsWanted = false;
  private stepsRun = 0;

  private constructor(readonly root: string) {
    this.vaultName = basename(root);
    this.state = new VaultState(root, this.configDir);
    // A write call that waits for the texts must not wait for steps that stand aside for it.
    this.vaultAnswers = new NodeAnswers(this.state, this.textsRead, () => {
      if (this.yieldTo.some((activity) => activity.busy)) this.textsWanted = true;
    });
  }

  /** Opens the vault with its index built: for tests, benchmarks and one-shot commands. */
  static async open(folder: string, options: NodeHostOptions = {}): Promise<NodeHost> {
    const host = await NodeHost.start(folder, options);
    try {
      await host.indexing.ready();
    } catch (error) {
      await host.close();
      throw error;
    }
    return host;
  }

  /**
   * Opens the vault and returns at once, its index building in the background under the write
   * lock (writes wait for it; reads must wait for `indexing.ready()`).
   */
  static async start(folder: string, options: NodeHostOptions = {}): Promise<NodeHost> {
    // The real folder, so containment compares against what the links would resolve to.
    const host = new NodeHost(await realpath(resolve(folder)));
    if (options.watch ?? true) {
      const watcher = watchVault(host.root, (batch) => {
        void host.writeLock
          .run(() => applyOutsideBatch(host.state, watcher, batch))
          .catch((error: unknown) => options.onError?.(asError(error)));
      });
      host.watcher = watcher;
    }
    if (options.onProgress !== undefined) host.indexing.onNote = options.onProgress;
    host.building = host.build(options);
    return host;
  }

  private async build(options: NodeHostOptions): Promise<void> {
    let built: BuiltIndex = { writeCache: null, writeTexts: null };
    try {
      await this.writeLock.run(async () => {
        await options.buildAfter;
        if (this.closing) return;
        built = await buildIndex(this.state, {
          progress: this.indexing,
          cache: options.metadataCache ?? null,
          ...(this.watcher !== null && { onFolder: (folder) => this.watcher?.watchFolder(folder) }),
          stopped: () => this.closing,
          ...(options.parseThreads !== undefined && { parseThreads: options.parseThreads }),
        });
      });
      this.indexing.finish(
        this.closing ? new Error('The server stopped before the index was built.') : null,
      );
    } catch (error) {
      this.indexing.finish(asError(error));
      options.onError?.(asError(error));
      await this.state.closeTextStore();
      this.markTextsRead();
      return;
    }
    // A write the close cut short is no error: the files written before stay.
    const written = (write: (() => Promise<void>) | null) =>
      write === null || this.closing
        ? Promise.resolve()
        : write().catch((error: unknown) => {
            if (!this.closing) options.onError?.(asError(error));
          });
    // The cache is written once the steps after ready are done: making its records runs for a
    // while without a turn to spare, and right at ready it held the calls that waited for ready
    // (a warm start with one note changed was ready 1.3-1.5x later than an untouched one).
    await this.prepareAggregates();
    if (built.writeCache !== null && !this.closing) {
      // Parsing left garbage that writing the cache would stack its own on (ADR-0025).
      await this.quiet();
      collectAll();
      await written(built.writeCache);
    }
    await written(built.writeTexts); // every text is in now
    await this.state.closeTextStore();
    // Restored notes are trusted by size and mtime; a sample is read to check that trust.
    const cache = options.metadataCache;
    if (cache !== undefined && !this.closing)
      void verifyCachedSample(
        this.state,
        this.writeLock,
        cache.file,
        () => this.closing,
        options.cacheSample,
      )
        .then((differing) => {
          if (differing.length > 0)
            options.onError?.(
              new Error(
                `${differing.length} cached note(s) differed from their files (edited keeping size and mtime); they were read again, and the cache is rebuilt at the next start.`,
              ),
            );
        })
        .catch((error: unknown) => options.onError?.(asError(error)));
    // One full collection on Bun, so the idle server gives back what its start left behind
    // instead of holding its peak: hundreds of MB after a big vault's parsing and cache writing,
    // a few MB after loading the modules and a small vault (ADR-0022).
    await this.quiet();
    if (!this.closing) collectAll();
  }

  /**
   * Reads the restored notes' texts, counts the tags and indexes the link names owed since the
   * load, a step per turn, asking for a collection every STEPS_PER_COLLECTION steps of the
   * counting and indexing: left alone, Bun let their garbage pile up to 250 MB at 100,000 notes
   * before collecting any (ADR-0025). Reading leaves little garbage (the texts are kept), and
   * collecting while it went on made search, which waits for the texts, wait half a second more.
   * A write stands the steps aside until it is done: each of its awaits waited behind a step, and
   * the first append after a warm ready took 0.3-0.7 s at 10,000 notes under load (ADR-0044).
   */
  private prepareAggregates(): Promise<void> {
    const index = this.state.index;
    let stepEnds = 0;
    const preparing = index.prepareAggregates(undefined, () => performance.now() > stepEnds);
    let steps = 0;
    return new Promise((resolve) => {
      const step = () => {
        if (this.busyWith() !== undefined && !this.closing) {
          void this.quiet().then(() => setImmediate(step));
          return;
        }
        if (!index.hasUnreadTexts && ++steps % STEPS_PER_COLLECTION === 0) collectSoon();
        this.stepsRun++;
        stepEnds = performance.now() + STEP_BUDGET_MS;
        const more = !this.closing && preparing.step();
        if (!index.hasUnreadTexts || !more) this.markTextsRead();
        if (more) setImmediate(step);
        else resolve();
      };
      setImmediate(step);
    });
  }

  /**
   * The steps after ready, and the collections that end them, also stand aside while this work
   * runs (a server's write calls): a write's awaits before it takes the write lock (the change
   * journal's) waited behind steps too, and the first append after a warm ready took 0.4-0.9 s
   * at 10,000 notes under load, most of it steps run between its awaits (ADR-0044).
   */
  standAsideFor(activity: Activity): void {
    this.yieldTo.push(activity);
  }

  /** How many steps after ready have run (what tests count instead of timing them). */
  get stepsAfterReady(): number {
    return this.stepsRun;
  }

  /** What a step must wait for now: a write, unless a call waits for texts the steps read. */
  private busyWith(): Activity | undefined {
    if (this.writeLock.busy) return this.writeLock;
    if (this.textsWanted && this.state.index.hasUnreadTexts) return undefined;
    return this.yieldTo.find((activity) => activity.busy);
  }

  /** Settles once nothing the steps stand aside for runs (at once when nothing does). */
  private async quiet(): Promise<void> {
    for (let busy = this.busyWith(); busy !== undefined && !this.closing; busy = this.busyWith())
      await busy.idle();
  }

  /**
   * Settles once the start's work in the background is done: the index built, the aggregates
   * prepared, the metadata cache and the text store written where they were not current.
   */
  startWorkDone(): Promise<void> {
    return this.building;
  }

  /** Stops watching and ends a build still running (within one batch of reads). */
  async close(): Promise<void> {
    this.closing = true;
    this.watcher?.close();
    this.watcher = null;
    await this.building;
  }

  // Files

  getFile(path: string): VaultFile | null {
    return this.state.table.file(path)?.file ?? null;
  }

  getFolder(path: string): VaultFolder | null {
    return this.state.table.folder(path);
  }

  listFiles(): VaultFile[] {
    return this.state.table.listFiles();
  }

  listFolders(): VaultFolder[] {
    return this.state.table.listFolders();
  }

  read(path: string): Promise<string> {
    return this.state.readText(path);
  }

  readBinary(path: string): Promise<Uint8Array> {
    return this.state.readBytes(path);
  }

  create(path: string, content: string): Promise<VaultFile> {
    return this.writeLock.run(() => this.createUnlocked(path, content));
  }

  createBinary(path: string, data: Uint8Array): Promise<VaultFile> {
    return this.writeLock.run(() => this.createUnlocked(path, data));
  }

  modifyBinary(path: string, data: Uint8Array): Promise<void> {
    return this.writeLock.run(async () => {
      this.state.requireFile(path);
      await this.state.writeFile(path, data);
    });
  }

  process(path: string, transform: (content: string) => string): Promise<string> {
    return this.writeLock.run(() => editNote(this.state, path, transform));
  }

  createFolder(path: string): Promise<void> {
    return this.writeLock.run(() => this.state.ensureFolder(path));
  }

  rename(from: string, to: string): Promise<void> {
    return this.writeLock.run(async () => {
      this.assertMovable(from, to);
      await this.state.move(from, to);
    });
  }

  readConfigFile(relativePath: string): Promise<string | null> {
    if (relativePath.split('/').includes('..'))
      throw new ToolError('invalid_path', 'Config paths stay in the config folder.');
    return this.state.readConfigFile(relativePath);
  }

  onEvent(listener: (event: VaultEvent) => void): () => void {
    return this.state.onEvent(listener);
  }

  // Metadata

  getFileCache(path: string): CachedMetadata | null {
    return this.state.index.getFileCache(path);
  }

  getAllTags(path: string): string[] {
    return this.state.index.getAllTags(path);
  }

  getFirstLinkpathDest(linkpath: string, sourcePath: string): string | null {
    return this.state.index.getFirstLinkpathDest(linkpath, sourcePath);
  }

  resolvedLinks(): LinkCounts {
    return this.state.index.resolvedLinks;
  }

  unresolvedLinks(): LinkCounts {
    return this.state.index.unresolvedLinks;
  }

  /** Kept current by the index and the file table (node-answers.ts). */
  answers(): VaultAnswers {
    return this.vaultAnswers;
  }

  // File manager

  renameFile(from: string, to: string, options: RenameOptions = {}): Promise<void> {
    return this.writeLock.run(async () => {
      this.assertMovable(from, to);
      await renameWithReferences(this.state, from, to, options);
    });
  }

  trashFile(path: string): Promise<void> {
    return this.writeLock.run(() => this.state.trash(path));
  }

  processFrontMatter(
    path: string,
    change: (frontmatter: Record<string, unknown>) => void,
    guard?: (currentText: string) => void,
  ): Promise<void> {
    return this.writeLock.run(async () => {
      await editNote(this.state, path, (current) => {
        guard?.(current);
        try {
          return keepLineEndings(current, editFrontMatter(current, change));
        } catch (error) {
          throw invalidFrontmatter(error);
        }
      });
    });
  }

  generateMarkdownLink(
    targetPath: string,
    sourcePath: string,
    subpath?: string,
    alias?: string,
  ): string {
    this.state.requireFile(targetPath);
    return generateMarkdownLink(this.state, targetPath, sourcePath, subpath, alias);
  }

  // Workspace

  getActiveFile(): string | null {
    return this.activeFile !== null && this.state.table.file(this.activeFile) !== undefined
      ? this.activeFile
      : null;
  }

  async openFile(path: string, _newLeaf: boolean): Promise<void> {
    this.state.requireFile(path);
    this.activeFile = path;
  }

  // Integrations: none of Obsidian's plugins or commands exist headless.

  dataview(): DataviewAccess {
    return { status: 'not_installed' };
  }

  templater(): TemplaterAccess | null {
    return null;
  }

  /** Loaded on first use: only periodic notes need it, and it costs memory from the start. */
  async loadMoment(): Promise<MomentFactory> {
    return (await import('moment')).default;
  }

  commands(): CommandAccess | null {
    return null;
  }

  private async createUnlocked(path: string, content: string | Uint8Array): Promise<VaultFile> {
    const taken = this.state.table.findIgnoringCase(path);
    if (taken !== undefined) throw new ToolError('already_exists', `${taken} already exists.`);
    return this.state.writeFile(path, content);
  }

  private assertMovable(from: string, to: string): void {
    if (this.state.table.diskPathOf(from) === undefined) throw missingEntry(from);
    const taken = this.state.table.findIgnoringCase(to);
    if (taken !== undefined && taken.toLowerCase() !== from.toLowerCase()) {
      throw new ToolError('already_exists', `${taken} already exists.`);
    }
    if (to.startsWith(`${from}/`))
      throw new ToolError('invalid_path', `Cannot move ${from} into itself.`);
  }
}

function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}
