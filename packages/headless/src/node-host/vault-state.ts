/**
 * The mutable state of a headless vault and the primitive operations on it: read, write, make
 * folders, move, trash. Each primitive keeps the disk, the file table, the metadata index and the
 * event listeners in step. Primitives take no lock: NodeHost runs every write under its one write
 * lock, and the watcher applies outside changes under the same lock.
 */
import { ToolError, writeFileAtomic } from '@mcp-connector/shared';
import type { FileStat, VaultEvent, VaultFile } from '@mcp-connector/obsidian-plugin/host';
import { parentFolder } from '@mcp-connector/obsidian-plugin/host';
import { readFileSync } from 'node:fs';
import { mkdir, open, readFile, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import {
  VaultIndex,
  isIndexedText,
  parseAppSettings,
  parseNote,
  type AppSettings,
  type PackedMetadata,
  type RenameVault,
} from '@mcp-connector/markdown/vault';
import { assertContained, readRealFile } from './containment.ts';
import { holdsFor } from './metadata-cache-key.ts';
import type { TextStore } from './text-store.ts';
import { FileTable } from './file-table.ts';
import { moveToTrash } from './trash.ts';
import { BOM, stripBom } from './read-text.ts';
import { toFileStat } from './file-stats.ts';
import { missingEntry, missingFile } from '@mcp-connector/obsidian-plugin/host';

const LEFTOVER_AGE_MS = 60_000;
/**
 * Files up to this size (as last seen) are read synchronously: from the page cache that takes
 * 4-25 us here, where the promise version cost 27-67 us (scripts/bench/read-path.ts, ADR-0023).
 * Bigger files stay asynchronous, so a read holds the event loop for long only when a file grew
 * on disk past this since the watcher last saw it.
 */
const INLINE_READ_BYTES = 256 * 1024;

export { stripBom };

/** The text to index for what was written: bytes written to a note are decoded as its text. */
function indexedText(path: string, content: string | Uint8Array): string | null {
  if (typeof content === 'string') return content;
  return isIndexedText(path) ? stripBom(new TextDecoder().decode(content)) : null;
}

export class VaultState implements RenameVault {
  readonly table = new FileTable();
  readonly index = new VaultIndex((path, packed, hash) => this.readRestored(path, packed, hash));
  private readonly listeners = new Set<(event: VaultEvent) => void>();
  /** Folders found real by the containment checks of this task, if it made any. */
  private realFolders: Set<string> | null = null;
  /** The texts the metadata cache's notes had, while notes restored unread may still need them. */
  private textStore: TextStore | null = null;
  /** Whether a note with a cache record had to be read from the disk: the store is not current. */
  storeMissed = false;

  constructor(
    readonly root: string,
    readonly configDir: string,
  ) {}

  /**
   * A temp file of an interrupted write is removed once it is older than any write takes: a
   * younger one may be another server's write in flight (stdio servers share the vault).
   */
  async sweepLeftover(diskPath: string): Promise<void> {
    const absolute = join(this.root, diskPath);
    const found = await stat(absolute).catch(() => null);
    if (found !== null && Date.now() - found.mtimeMs > LEFTOVER_AGE_MS)
      await rm(absolute, { force: true });
  }

  absolute(path: string): string {
    const entry = this.table.file(path);
    return join(this.root, entry?.diskPath ?? this.table.diskPathFor(path));
  }

  listFiles(): VaultFile[] {
    return this.table.listFiles();
  }

  requireFile(path: string): VaultFile {
    const entry = this.table.file(path);
    if (entry === undefined) throw missingFile(path);
    return entry.file;
  }

  async readText(path: string): Promise<string> {
    const { absolute, size } = this.containedFile(path);
    return stripBom(
      size <= INLINE_READ_BYTES ? readFileSync(absolute, 'utf8') : await readFile(absolute, 'utf8'),
    );
  }

  async readBytes(path: string): Promise<Uint8Array> {
    const { absolute, size } = this.containedFile(path);
    return new Uint8Array(
      size <= INLINE_READ_BYTES ? readFileSync(absolute) : await readFile(absolute),
    );
  }

  /** Refuses a disk path that passes through a symbolic link (node-host/containment.ts). */
  contained(diskPath: string): void {
    assertContained(this.root, diskPath);
  }

  async readConfigFile(relativePath: string): Promise<string | null> {
    try {
      return stripBom(await readFile(join(this.root, this.configDir, relativePath), 'utf8'));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  /** app.json, read on every use (it is tiny) so changes made in Obsidian apply at once. */
  appSettings(): AppSettings {
    try {
      return parseAppSettings(
        stripBom(readFileSync(join(this.root, this.configDir, 'app.json'), 'utf8')),
      );
    } catch {
      return parseAppSettings(null);
    }
  }

  /** Writes a whole file (new or existing), creating parent folders. */
  async writeFile(path: string, content: string | Uint8Array): Promise<VaultFile> {
    const existing = this.table.file(path);
    this.contained(existing?.diskPath ?? this.table.diskPathFor(path));
    if (existing === undefined) await this.ensureFolder(parentFolder(path));
    const diskPath = existing?.diskPath ?? this.table.diskPathFor(path);
    const bom =
      typeof content === 'string' &&
      existing !== undefined &&
      (await startsWithBom(join(this.root, diskPath)));
    await writeFileAtomic(join(this.root, diskPath), bom ? BOM + content : content);
    const fileStat = toFileStat(await stat(join(this.root, diskPath)));
    return this.recordFile(path, diskPath, fileStat, indexedText(path, content));
  }

  /** Records a file that is now on disk with this stat; `text` re-indexes notes and canvases. */
  recordFile(path: string, diskPath: string, fileStat: FileStat, text: string | null): VaultFile {
    const existing = this.table.file(path);
    const ctime = existing?.file.stat.ctime ?? fileStat.ctime;
    const file = this.table.setFile(path, diskPath, { ...fileStat, ctime });
    if (existing === undefined) this.index.addFile(path, null);
    if (text !== null && isIndexedText(path)) this.index.updateText(path, text);
    this.emit({ kind: existing === undefined ? 'create' : 'modify', path });
    return file;
  }

  /** Creates a folder and its missing parents. */
  async ensureFolder(path: string): Promise<void> {
    if (this.table.hasFolder(path)) return;
    if (this.table.file(path) !== undefined)
      throw new ToolError('not_a_folder', `${path} is a file, not a folder.`);
    await this.ensureFolder(parentFolder(path));
    const diskPath = this.table.diskPathFor(path);
    this.contained(diskPath);
    await mkdir(join(this.root, diskPath), { recursive: true });
    this.table.addFolder(path, diskPath);
    this.emit({ kind: 'create', path });
  }

  /** Moves a file or folder on disk and in every index; links are not touched here. */
  async move(from: string, to: string): Promise<void> {
    const isFolder = this.table.hasFolder(from);
    const moved = isFolder ? this.table.filesUnder(from).map((entry) => entry.file.path) : [from];
    const fromDisk = this.requireDiskPath(from);
    this.contained(fromDisk);
    this.contained(this.table.diskPathFor(to));
    await this.ensureFolder(parentFolder(to));
    const toDisk = this.table.diskPathFor(to);
    await rename(join(this.root, fromDisk), join(this.root, toDisk));
    if (isFolder) this.moveFolderEntries(from, to, toDisk);
    for (const oldPath of moved) {
      const newPath = to + oldPath.slice(from.length);
      this.moveFileEntry(oldPath, newPath, toDisk + oldPath.slice(from.length));
      this.emit({ kind: 'rename', path: newPath, oldPath });
    }
    if (isFolder) this.emit({ kind: 'rename', path: to, oldPath: from });
  }

  /** Moves a file or folder to the trash the settings choose; it leaves every index. */
  async trash(path: string): Promise<void> {
    const isFolder = this.table.hasFolder(path);
    const diskPath = this.requireDiskPath(path);
    this.contained(diskPath);
    await moveToTrash(this.root, diskPath, this.appSettings().trashOption);
    if (isFolder) this.forgetFolder(path);
    else this.forgetFile(path);
  }

  /** Drops a folder, everything inside it, from every index. */
  forgetFolder(path: string): void {
    for (const entry of this.table.filesUnder(path)) this.forgetFile(entry.file.path);
    for (const folder of [...this.table.foldersUnder(path), path]) this.table.deleteFolder(folder);
    this.emit({ kind: 'delete', path });
  }

  forgetFile(path: string): void {
    this.table.deleteFile(path);
    this.index.removeFile(path);
    this.emit({ kind: 'delete', path });
  }

  onEvent(listener: (event: VaultEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(event: VaultEvent): void {
    for (const listener of this.listeners) listener(event);
  }

  useTextStore(store: TextStore | null): void {
    void this.closeTextStore();
    this.textStore = store;
  }

  async closeTextStore(): Promise<void> {
    const store = this.textStore;
    this.textStore = null;
    await store?.close();
  }

  /**
   * The text the store holds for a note whose size and mtime are its cache record's, when it is
   * the text the record was made from (`hash`, ADR-0028); null when the disk must be read.
   */
  storedText(path: string, hash: string): string | null {
    const stored = this.textStore?.take(path) ?? null;
    // The hash is the text's, taken when the store was written: the text the record was made from.
    if (stored?.hash === hash) return stored.text;
    this.storeMissed = true;
    return null;
  }

  /** Every note's text as indexed, in the table's order (the order the scan found them). */
  *noteTexts(): Generator<[string, string]> {
    for (const file of this.table.listFiles()) {
      if (file.extension !== 'md') continue;
      const text = this.index.noteText(file.path);
      if (text !== null) yield [file.path, text];
    }
  }

  /**
   * A note restored from the metadata cache, its text taken when first needed (VaultIndex): from
   * the text store when it holds it, else read maybe long after the scan, so through the
   * containment check of any read. A note that cannot be read any more counts as empty; the
   * watcher then reports what became of it.
   */
  private readRestored(
    path: string,
    restored: PackedMetadata,
    hash: string,
  ): { text: string; packed: PackedMetadata } {
    const stored = this.storedText(path, hash);
    if (stored !== null) return { text: stored, packed: restored };
    let text = '';
    try {
      const diskPath = this.table.file(path)?.diskPath;
      if (diskPath === undefined) throw missingFile(path);
      text = stripBom(readRealFile(this.root, diskPath, this.realFoldersOfThisTask()));
    } catch {
      // unreadable, gone, or reached through a link now: nothing of it is indexed
    }
    return {
      text,
      packed: holdsFor(text, { hash, packed: restored }) ? restored : parseNote(text),
    };
  }

  /**
   * The folders containment checks found real since this task began, forgotten when it ends: a
   * step reading hundreds of restored notes checks each folder once, not once a note. That is
   * as safe as checking each time, since another program can swap a folder between a check and
   * a read either way, and a swap is seen by the next task's checks.
   */
  private realFoldersOfThisTask(): Set<string> {
    if (this.realFolders === null) {
      this.realFolders = new Set();
      queueMicrotask(() => (this.realFolders = null));
    }
    return this.realFolders;
  }

  /** Where a file of the table is on disk and its size when last seen; refused through a link. */
  private containedFile(path: string): { absolute: string; size: number } {
    const entry = this.table.file(path);
    if (entry === undefined) throw missingFile(path);
    this.contained(entry.diskPath);
    return { absolute: join(this.root, entry.diskPath), size: entry.file.stat.size };
  }

  private requireDiskPath(path: string): string {
    const diskPath = this.table.diskPathOf(path);
    if (diskPath === undefined) throw missingEntry(path);
    return diskPath;
  }

  private moveFolderEntries(from: string, to: string, toDisk: string): void {
    for (const folder of [from, ...this.table.foldersUnder(from)]) {
      this.table.deleteFolder(folder);
      this.table.addFolder(to + folder.slice(from.length), toDisk + folder.slice(from.length));
    }
  }

  private moveFileEntry(oldPath: string, newPath: string, diskPath: string): void {
    const entry = this.table.file(oldPath);
    if (entry === undefined) return;
    this.table.deleteFile(oldPath);
    this.table.setFile(newPath, diskPath, entry.file.stat);
    this.index.renameFile(oldPath, newPath);
  }
}

/** Whether the file on disk begins with a UTF-8 byte-order mark (kept when it is rewritten). */
async function startsWithBom(absolute: string): Promise<boolean> {
  const handle = await open(absolute, 'r');
  try {
    const head = new Uint8Array(3);
    const { bytesRead } = await handle.read(head, 0, 3, 0);
    return bytesRead === 3 && head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf;
  } finally {
    await handle.close();
  }
}
