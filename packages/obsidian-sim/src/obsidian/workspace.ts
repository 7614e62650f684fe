/**
 * Obsidian's Workspace, as far as a plugin without views needs it: layout-ready (callbacks queue
 * until the app declares the layout ready), the active file, and leaves that open files.
 */
import type {
  TFile as ObsidianFile,
  WorkspaceLeaf as ObsidianLeaf,
  Workspace as ObsidianWorkspace,
} from 'obsidian';
import { Events } from './events.ts';
import type { TFile } from './files.ts';
import type { Vault } from './vault.ts';

export class WorkspaceLeaf implements Pick<ObsidianLeaf, 'openFile'> {
  constructor(private readonly workspace: Workspace) {}

  async openFile(file: ObsidianFile): Promise<void> {
    this.workspace.setActiveFile(file);
  }
}

export class Workspace
  extends Events
  implements Pick<ObsidianWorkspace, 'layoutReady' | 'onLayoutReady' | 'getActiveFile'>
{
  layoutReady = false;
  private readonly layoutQueue: (() => unknown)[] = [];
  /** The open file itself, so it follows renames as Obsidian's leaves do. */
  private active: TFile | null = null;

  constructor(private readonly vault: Vault) {
    super();
  }

  /** Runs the callback now when the layout is ready, else once it is (as Obsidian does). */
  onLayoutReady(callback: () => unknown): void {
    if (this.layoutReady) callback();
    else this.layoutQueue.push(callback);
  }

  /** The app finished restoring its layout: queued callbacks run, then `layout-ready` fires. */
  setLayoutReady(): void {
    if (this.layoutReady) return;
    this.layoutReady = true;
    for (const callback of this.layoutQueue.splice(0)) callback();
    this.trigger('layout-ready');
  }

  getActiveFile(): TFile | null {
    if (this.active === null) return null;
    return this.vault.getFileByPath(this.active.path) === this.active ? this.active : null;
  }

  getLeaf(_newLeaf?: boolean | 'tab' | 'split' | 'window'): WorkspaceLeaf {
    return new WorkspaceLeaf(this);
  }

  setActiveFile(file: ObsidianFile): void {
    this.active = this.vault.getFileByPath(file.path);
    this.trigger('file-open', this.active);
  }
}
