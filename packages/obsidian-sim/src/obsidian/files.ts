/**
 * Obsidian's file tree: TAbstractFile, TFile (with its stat) and TFolder (with its children).
 * The simulated Vault creates, moves and removes them; everything else only reads them.
 */
import type {
  FileStats,
  TAbstractFile as ObsidianAbstractFile,
  TFile as ObsidianFile,
  TFolder as ObsidianFolder,
  Vault,
} from 'obsidian';

export abstract class TAbstractFile implements ObsidianAbstractFile {
  parent: TFolder | null = null;
  name: string;

  constructor(
    readonly vault: Vault,
    public path: string,
  ) {
    this.name = nameOf(path);
  }

  /** Gives the entry its new path (the vault moves it between folders). */
  setPath(path: string): void {
    this.path = path;
    this.name = nameOf(path);
  }
}

export class TFile extends TAbstractFile implements ObsidianFile {
  basename = '';
  extension = '';

  constructor(
    vault: Vault,
    path: string,
    public stat: FileStats,
  ) {
    super(vault, path);
    this.setPath(path);
  }

  override setPath(path: string): void {
    super.setPath(path);
    const dot = this.name.lastIndexOf('.');
    this.basename = dot > 0 ? this.name.slice(0, dot) : this.name;
    this.extension = dot > 0 ? this.name.slice(dot + 1) : '';
  }
}

export class TFolder extends TAbstractFile implements ObsidianFolder {
  children: TAbstractFile[] = [];

  isRoot(): boolean {
    return this.path === '/';
  }
}

function nameOf(path: string): string {
  return path === '/' ? '' : path.slice(path.lastIndexOf('/') + 1);
}
