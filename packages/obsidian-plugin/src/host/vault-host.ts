/**
 * The host boundary: everything a tool may do to a vault, expressed as plain paths and data.
 * ObsidianHost implements it over `app`; NodeHost over a folder on disk. Tools see nothing else
 * (no `app`, no `fs`), so a tool behaves the same in Obsidian and headless.
 *
 * Invariants every implementation keeps:
 * - paths are vault-relative, NFC-normalised, with forward slashes; the root folder is '';
 * - dot-files, dot-folders and the config folder are invisible: never listed, never found;
 * - writes are atomic per file and serialised by one write lock;
 * - a missing file is `null` from getters and a `not_found` ToolError from actions.
 */
import type {
  FileCounts,
  LinkCounts,
  NewestFile,
  SectionSpan,
  TagCount,
} from '@mcp-connector/markdown/vault';
import type { CachedMetadata } from 'obsidian';
import type momentFactory from 'moment';

export type HostKind = 'plugin' | 'headless';

export interface FileStat {
  /** Creation time, ms since the epoch. */
  ctime: number;
  /** Last modification time, ms since the epoch. */
  mtime: number;
  /** Size in bytes. */
  size: number;
}

export interface VaultFile {
  path: string;
  /** File name with extension. */
  name: string;
  /** File name without extension. */
  basename: string;
  /** Extension without the dot, as on disk ('' when none). */
  extension: string;
  stat: FileStat;
}

export interface VaultFolder {
  path: string;
  name: string;
}

/** A change to the vault, from a tool, from Obsidian, or from another program. */
export type VaultEvent =
  | { kind: 'create' | 'modify' | 'delete'; path: string }
  | { kind: 'rename'; path: string; oldPath: string };

export type { FileCounts, LinkCounts, NewestFile, TagCount };

/** Files and folders (Obsidian's `app.vault`). */
export interface VaultFiles {
  getFile(path: string): VaultFile | null;
  getFolder(path: string): VaultFolder | null;
  /** Every file in the vault, in no particular order. */
  listFiles(): VaultFile[];
  /** Every folder except the root, in no particular order. */
  listFolders(): VaultFolder[];
  read(path: string): Promise<string>;
  readBinary(path: string): Promise<Uint8Array>;
  /** Creates a new file; missing parent folders are created. Fails with `already_exists`. */
  create(path: string, content: string): Promise<VaultFile>;
  createBinary(path: string, data: Uint8Array): Promise<VaultFile>;
  /** Replaces an existing file's bytes atomically under the write lock (any file, notes too). */
  modifyBinary(path: string, data: Uint8Array): Promise<void>;
  /** Atomic read-modify-write of an existing file under the write lock; returns the new text. */
  process(path: string, transform: (content: string) => string): Promise<string>;
  /** Creates a folder and its parents; succeeds when it already exists. */
  createFolder(path: string): Promise<void>;
  /** Moves a file or folder without touching links (Obsidian's `vault.rename`). */
  rename(from: string, to: string): Promise<void>;
  /** Text of a file in the config folder (`app.json`, `plugins/<id>/data.json`), or null. */
  readConfigFile(relativePath: string): Promise<string | null>;
  /** Calls the listener after every change; returns the unsubscribe function. */
  onEvent(listener: (event: VaultEvent) => void): () => void;
}

/** Parsed note metadata and the link graph (Obsidian's `app.metadataCache`). */
export interface VaultMetadata {
  /** The note's metadata in Obsidian's exact shape, or null for a non-note or missing file. */
  getFileCache(path: string): CachedMetadata | null;
  /** Every tag of the note, body and frontmatter, with '#', as Obsidian's `getAllTags`. */
  getAllTags(path: string): string[];
  /** Where a link from `sourcePath` leads, by Obsidian's rules; null when unresolved. */
  getFirstLinkpathDest(linkpath: string, sourcePath: string): string | null;
  resolvedLinks(): LinkCounts;
  unresolvedLinks(): LinkCounts;
  /** The vault-wide answers (VaultAnswers) over the vault as this host shows it now. */
  answers(): VaultAnswers;
}

/**
 * The vault-wide answers tools give, one value every host provides, so a tool has one code path:
 * NodeHost keeps them current as the vault changes (no pass over every note); ObsidianHost
 * computes them from its other methods (host/answers/computed-answers.ts: listFiles, getAllTags,
 * unresolvedLinks, read); the hidden-folders guard filters the inner host's. Whichever gives
 * them, each is what one pass over the host's files, tags, links and notes would give.
 */
export interface VaultAnswers {
  /** Every note's path in code-unit order; the same array until a note is added or removed. */
  sortedNotes(): readonly string[];
  /** Notes, other files, folders, and the notes inside each top-level folder and at the root. */
  fileCounts(): FileCounts;
  /** The `count` most recently modified files (at most NEWEST_KEPT), newest first, ties by path. */
  newestFiles(count: number): NewestFile[];
  /** Tag counts as list_tags gives them (rolled up, grouped case-insensitively), in no order. */
  tagCounts(): TagCount[];
  /** The notes counted for a tag (lower-cased, no '#'): carrying it or one nested under it. */
  notesCountedForTag(key: string): string[];
  /** Notes and canvases with at least one unresolved link, in code-unit order. */
  brokenLinkSources(): readonly string[];
  /** Unresolved link occurrences of one source, or (without one) of the whole vault. */
  brokenLinkCount(source?: string): number;
  /**
   * One source's unresolved linkpaths and counts (empty: none), as `unresolvedLinks()` has them,
   * without making the whole record (a warm start fills it when it is first asked for).
   */
  unresolvedLinksOf(source: string): Readonly<Record<string, number>>;
  /**
   * The sources whose links resolve to `path`, each with its number of links: what one pass over
   * `resolvedLinks()` finds, in no order. NodeHost keeps the reverse map current (ADR-0044).
   */
  backlinksOf(path: string): Readonly<Record<string, number>>;
  /**
   * A folder's direct children ('' for the root) as list_vault_files lists them, in `byFolderEntry`
   * order: folders (their paths ending in '/') first, then files. NodeHost keeps each folder's
   * list sorted as entries come and go (ADR-0044), so a page costs the page.
   */
  folderEntries(folder: string): readonly string[];
  /**
   * Every note with its text, sorted by path: what search scans. Kept in memory (NodeHost's
   * index, or a cache the computed answers fill on first ask and keep current by the events).
   */
  noteTexts(): Promise<readonly NoteText[]>;
  /**
   * The note's text, what its metadata was computed from: from memory when the host holds it,
   * else read (`read`, and its `not_found`).
   */
  noteText(path: string): Promise<string>;
  /**
   * The note's sections (type and offsets) when `text` is what `noteText` gives for it now and
   * the host keeps its metadata packed; else null (the caller parses the text).
   */
  noteSections(path: string, text: string): readonly SectionSpan[] | null;
}

/** A note and its text, as search scans it. */
export interface NoteText {
  path: string;
  text: string;
}

/** How a link-aware rename treats the files that link to what moves. */
export interface RenameOptions {
  /**
   * Files whose links are never rewritten, whatever the settings say: the hidden-folders guard
   * passes its hidden notes, so a rename never writes into a private folder.
   */
  keepLinksIn?: (path: string) => boolean;
  /** Hears each linking file done, of all of them, where the host can tell (headless). */
  onProgress?: (done: number, total: number) => void;
  /** Stops the rewrites between two files, where the host can (headless); the journal puts back. */
  signal?: AbortSignal;
}

/** Link-aware operations (Obsidian's `app.fileManager`). */
export interface VaultFileManager {
  /** Renames or moves a file or folder, rewriting references as the user's settings say. */
  renameFile(from: string, to: string, options?: RenameOptions): Promise<void>;
  /** Moves a file or folder to the trash the user chose (system or the vault's .trash). */
  trashFile(path: string): Promise<void>;
  /**
   * Parses the note's frontmatter, lets `change` edit the object, and writes it back as Obsidian
   * does. Invalid YAML throws `invalid_frontmatter` and leaves the file untouched. `guard`, when
   * given, sees the current text first under the write lock and may throw to cancel the edit
   * (this is how `expectedRevision` is checked).
   */
  processFrontMatter(
    path: string,
    change: (frontmatter: Record<string, unknown>) => void,
    guard?: (currentText: string) => void,
  ): Promise<void>;
  /** A link to `targetPath` as the user's link settings would write it in `sourcePath`. */
  generateMarkdownLink(
    targetPath: string,
    sourcePath: string,
    subpath?: string,
    alias?: string,
  ): string;
}

/** The focused note (Obsidian's `app.workspace`). */
export interface VaultWorkspace {
  /** Path of the active note, or null when none is open. */
  getActiveFile(): string | null;
  /** Opens the file in the editor (headless: makes it the active file). */
  openFile(path: string, newLeaf: boolean): Promise<void>;
}

/** What Dataview's `api.query` answers: a typed result, or Dataview's own error message. */
export type DataviewQueryResult =
  { successful: true; value: unknown } | { successful: false; error: string };

/** The Dataview plugin, when installed: whether its index is ready, and its query API. */
export type DataviewAccess =
  | { status: 'not_installed' }
  | { status: 'not_ready' }
  | { status: 'ready'; query(source: string, originFile?: string): Promise<DataviewQueryResult> };

/** The Templater plugin's rendering, when installed. */
export interface TemplaterAccess {
  /** Runs Templater over `text` (a template's content) as if rendering `templatePath` into `targetPath`. */
  render(text: string, templatePath: string, targetPath: string | null): Promise<string>;
}

/** Obsidian's command palette. */
export interface CommandAccess {
  list(): { id: string; name: string }[];
  /** Runs the command; false when Obsidian refused it (unknown, or not available in this context). */
  execute(id: string): boolean;
}

/** Other plugins and app features tools may use; headless has none of them. */
export interface VaultIntegrations {
  dataview(): DataviewAccess;
  templater(): TemplaterAccess | null;
  commands(): CommandAccess | null;
  /**
   * Moment as the app has set it up. Obsidian's own copy carries the user's language, so week
   * numbers and first day of the week match what Periodic Notes and the Calendar plugin use.
   */
  loadMoment(): Promise<MomentFactory>;
}

export type MomentFactory = typeof momentFactory;

export interface VaultHost
  extends VaultFiles, VaultMetadata, VaultFileManager, VaultWorkspace, VaultIntegrations {
  readonly kind: HostKind;
  /** The vault's display name (its folder name). */
  readonly vaultName: string;
  /** The config folder, `.obsidian` unless the user chose another. */
  readonly configDir: string;
}
