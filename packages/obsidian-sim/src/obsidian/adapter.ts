/**
 * Obsidian's FileSystemAdapter over a real folder: every path is vault-relative (the config
 * folder and other dot-entries included) and every call does real I/O. The system trash is a
 * folder of the simulation's own (never the machine's trash): `systemTrashDir`.
 * Obsidian's file watcher tells the vault when an entry disappears behind its back (a plugin
 * calling the adapter directly); here the adapter tells it itself, once the call is done.
 */
import type {
  DataWriteOptions,
  FileSystemAdapter as ObsidianAdapter,
  ListedFiles,
  Stat,
} from 'obsidian';
import {
  appendFile,
  cp,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  rename,
  rm,
  stat,
  writeFile,
} from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { freePathIn } from '@mcp-connector/shared';
import { basename, join } from 'node:path';

type AdapterMembers =
  | 'getName'
  | 'getBasePath'
  | 'getFullPath'
  | 'getFilePath'
  | 'getResourcePath'
  | 'exists'
  | 'stat'
  | 'list'
  | 'read'
  | 'readBinary'
  | 'write'
  | 'writeBinary'
  | 'append'
  | 'process'
  | 'mkdir'
  | 'trashSystem'
  | 'trashLocal'
  | 'rmdir'
  | 'remove'
  | 'rename'
  | 'copy';

export class FileSystemAdapter implements Pick<ObsidianAdapter, AdapterMembers> {
  private systemTrash: string | null = null;
  /** Called after the adapter removed or trashed an entry (the vault forgets it). */
  onRemoved: ((normalizedPath: string) => void) | null = null;

  constructor(private readonly basePath: string) {}

  getName(): string {
    return basename(this.basePath);
  }

  getBasePath(): string {
    return this.basePath;
  }

  getFullPath(normalizedPath: string): string {
    return join(this.basePath, normalizedPath);
  }

  getFilePath(normalizedPath: string): string {
    return `file://${this.getFullPath(normalizedPath)}`;
  }

  getResourcePath(normalizedPath: string): string {
    return `app://local/${encodeURI(this.getFullPath(normalizedPath))}`;
  }

  async exists(normalizedPath: string, _sensitive?: boolean): Promise<boolean> {
    return (await this.stat(normalizedPath)) !== null;
  }

  async stat(normalizedPath: string): Promise<Stat | null> {
    try {
      const stats = await stat(this.getFullPath(normalizedPath));
      return {
        type: stats.isDirectory() ? 'folder' : 'file',
        ctime: Math.round(stats.birthtimeMs > 0 ? stats.birthtimeMs : stats.ctimeMs),
        mtime: Math.round(stats.mtimeMs),
        size: stats.size,
      };
    } catch {
      return null;
    }
  }

  async list(normalizedPath: string): Promise<ListedFiles> {
    const entries = await readdir(this.getFullPath(normalizedPath), { withFileTypes: true });
    const prefix = normalizedPath === '' || normalizedPath === '/' ? '' : `${normalizedPath}/`;
    return {
      files: entries.filter((entry) => entry.isFile()).map((entry) => prefix + entry.name),
      folders: entries.filter((entry) => entry.isDirectory()).map((entry) => prefix + entry.name),
    };
  }

  read(normalizedPath: string): Promise<string> {
    return readFile(this.getFullPath(normalizedPath), 'utf8');
  }

  async readBinary(normalizedPath: string): Promise<ArrayBuffer> {
    const bytes = await readFile(this.getFullPath(normalizedPath));
    return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  }

  write(normalizedPath: string, data: string, _options?: DataWriteOptions): Promise<void> {
    return writeFile(this.getFullPath(normalizedPath), data);
  }

  writeBinary(
    normalizedPath: string,
    data: ArrayBuffer,
    _options?: DataWriteOptions,
  ): Promise<void> {
    return writeFile(this.getFullPath(normalizedPath), new Uint8Array(data));
  }

  append(normalizedPath: string, data: string, _options?: DataWriteOptions): Promise<void> {
    return appendFile(this.getFullPath(normalizedPath), data);
  }

  appendBinary(
    normalizedPath: string,
    data: ArrayBuffer,
    _options?: DataWriteOptions,
  ): Promise<void> {
    return appendFile(this.getFullPath(normalizedPath), new Uint8Array(data));
  }

  async process(normalizedPath: string, fn: (data: string) => string): Promise<string> {
    const next = fn(await this.read(normalizedPath));
    await this.write(normalizedPath, next);
    return next;
  }

  async mkdir(normalizedPath: string): Promise<void> {
    await mkdir(this.getFullPath(normalizedPath), { recursive: true });
  }

  /** Moves the entry to the simulation's system trash folder; true when it went there. */
  async trashSystem(normalizedPath: string): Promise<boolean> {
    await this.moveInto(normalizedPath, await this.systemTrashDir());
    this.onRemoved?.(normalizedPath);
    return true;
  }

  /** Moves the entry to the vault's `.trash` folder, as Obsidian's "Move to Obsidian trash". */
  async trashLocal(normalizedPath: string): Promise<void> {
    await this.moveInto(normalizedPath, this.getFullPath('.trash'));
    this.onRemoved?.(normalizedPath);
  }

  async rmdir(normalizedPath: string, recursive: boolean): Promise<void> {
    await rm(this.getFullPath(normalizedPath), { recursive });
    this.onRemoved?.(normalizedPath);
  }

  async remove(normalizedPath: string): Promise<void> {
    await rm(this.getFullPath(normalizedPath));
    this.onRemoved?.(normalizedPath);
  }

  async rename(normalizedPath: string, normalizedNewPath: string): Promise<void> {
    await rename(this.getFullPath(normalizedPath), this.getFullPath(normalizedNewPath));
  }

  async copy(normalizedPath: string, normalizedNewPath: string): Promise<void> {
    await cp(this.getFullPath(normalizedPath), this.getFullPath(normalizedNewPath), {
      recursive: true,
      errorOnExist: true,
      force: false,
    });
  }

  /** The folder standing in for the desktop's trash, made on first use. */
  async systemTrashDir(): Promise<string> {
    this.systemTrash ??= await mkdtemp(join(tmpdir(), 'obsidian-sim-trash-'));
    return this.systemTrash;
  }

  /** Removes the system trash folder (the simulation's unload calls it). */
  async dispose(): Promise<void> {
    if (this.systemTrash !== null) await rm(this.systemTrash, { recursive: true, force: true });
    this.systemTrash = null;
  }

  private async moveInto(normalizedPath: string, folder: string): Promise<void> {
    await mkdir(folder, { recursive: true });
    await rename(
      this.getFullPath(normalizedPath),
      await freePathIn(folder, basename(normalizedPath)),
    );
  }
}
