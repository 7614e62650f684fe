/**
 * Obsidian's Workspace, as far as the plugin needs it: layout-ready (callbacks queue until the
 * app declares the layout ready), the active file, leaves that open files, and sidebar leaves that
 * show a plugin's registered views (one right split, no tabs or layout).
 */
import type {
  App as ObsidianApp,
  TFile as ObsidianFile,
  ViewCreator,
  ViewState,
  WorkspaceLeaf as ObsidianLeaf,
  Workspace as ObsidianWorkspace,
} from 'obsidian';
import { Events } from './events.ts';
import type { TFile } from './files.ts';
import type { Vault } from './vault.ts';
import { EmptyView, type View } from './view.ts';

export class WorkspaceLeaf implements Pick<ObsidianLeaf, 'openFile' | 'setViewState' | 'detach'> {
  view: View;

  constructor(
    private readonly workspace: Workspace,
    readonly app: ObsidianApp,
    readonly document: Document,
  ) {
    this.view = new EmptyView(this as unknown as ObsidianLeaf);
  }

  async openFile(file: ObsidianFile): Promise<void> {
    this.workspace.setActiveFile(file);
  }

  /** Shows the registered view of `type` in this leaf (the old one closes first). */
  async setViewState(state: ViewState): Promise<void> {
    const create = this.workspace.viewCreator(state.type);
    if (create === undefined) throw new Error(`No view type ${state.type} is registered.`);
    await this.view.close();
    this.view.containerEl.detach();
    this.view = create(this as unknown as ObsidianLeaf) as unknown as View;
    this.workspace.rightSplit().appendChild(this.view.containerEl);
    await this.view.open();
  }

  detach(): void {
    void this.view.close();
    this.view.containerEl.detach();
    this.workspace.forget(this);
  }
}

export class Workspace
  extends Events
  implements
    Pick<
      ObsidianWorkspace,
      | 'layoutReady'
      | 'onLayoutReady'
      | 'getActiveFile'
      | 'getRightLeaf'
      | 'getLeavesOfType'
      | 'revealLeaf'
      | 'detachLeavesOfType'
    >
{
  layoutReady = false;
  private readonly layoutQueue: (() => unknown)[] = [];
  /** The open file itself, so it follows renames as Obsidian's leaves do. */
  private active: TFile | null = null;
  private readonly views = new Map<string, ViewCreator>();
  private readonly sidebarLeaves: WorkspaceLeaf[] = [];
  private split: HTMLElement | null = null;

  constructor(
    private readonly vault: Vault,
    private readonly app: () => ObsidianApp,
    private readonly document: () => Document,
  ) {
    super();
  }

  /** A plugin's registerView; the returned function unregisters it and closes its leaves. */
  registerViewType(type: string, creator: ViewCreator): () => void {
    this.views.set(type, creator);
    return () => {
      this.detachLeavesOfType(type);
      this.views.delete(type);
    };
  }

  viewCreator(type: string): ViewCreator | undefined {
    return this.views.get(type);
  }

  getRightLeaf(_split: boolean): ObsidianLeaf {
    const leaf = new WorkspaceLeaf(this, this.app(), this.document());
    this.sidebarLeaves.push(leaf);
    return leaf as unknown as ObsidianLeaf;
  }

  getLeavesOfType(viewType: string): ObsidianLeaf[] {
    return this.sidebarLeaves.filter(
      (leaf) => leaf.view.getViewType() === viewType,
    ) as unknown as ObsidianLeaf[];
  }

  async revealLeaf(_leaf: ObsidianLeaf): Promise<void> {}

  detachLeavesOfType(viewType: string): void {
    for (const leaf of this.getLeavesOfType(viewType)) leaf.detach();
  }

  /** The right sidebar's element, made on first use. */
  rightSplit(): HTMLElement {
    this.split ??= this.document().body.createDiv({ cls: 'workspace-split mod-right-split' });
    return this.split;
  }

  forget(leaf: WorkspaceLeaf): void {
    const index = this.sidebarLeaves.indexOf(leaf);
    if (index !== -1) this.sidebarLeaves.splice(index, 1);
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
    return new WorkspaceLeaf(this, this.app(), this.document());
  }

  setActiveFile(file: ObsidianFile): void {
    this.active = this.vault.getFileByPath(file.path);
    this.trigger('file-open', this.active);
  }
}
