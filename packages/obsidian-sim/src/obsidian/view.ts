/**
 * Obsidian's View and ItemView: a leaf's content. A view's element holds a header and its
 * `contentEl`; the leaf that opens it loads it and awaits its onOpen, and closing awaits onClose
 * and unloads it (as Obsidian's `leaf.open` and `detach` do).
 */
import type {
  App as ObsidianApp,
  ItemView as ObsidianItemView,
  View as ObsidianView,
  WorkspaceLeaf as ObsidianLeaf,
} from 'obsidian';
import { Component } from './plugin.ts';
import type { Simulates } from './simulates.ts';

type ViewMembers =
  | 'app'
  | 'leaf'
  | 'containerEl'
  | 'icon'
  | 'navigation'
  | 'getViewType'
  | 'getDisplayText'
  | 'getIcon';

export abstract class View extends Component implements Simulates<ObsidianView, ViewMembers> {
  readonly app: ObsidianApp;
  readonly containerEl: HTMLElement;
  icon = '';
  navigation = false;

  constructor(readonly leaf: ObsidianLeaf) {
    super();
    const sim = leaf as unknown as { document: Document; app: ObsidianApp };
    this.app = sim.app;
    this.containerEl = sim.document.createElement('div');
    this.containerEl.addClass('workspace-leaf-content');
  }

  abstract getViewType(): string;
  abstract getDisplayText(): string;

  getIcon(): string {
    return this.icon;
  }

  protected async onOpen(): Promise<void> {}
  protected async onClose(): Promise<void> {}

  /** The leaf opens the view: load, then onOpen (Obsidian's View.open). */
  async open(): Promise<void> {
    this.load();
    await this.onOpen();
  }

  /** The leaf closes the view: onClose, then unload. */
  async close(): Promise<void> {
    await this.onClose();
    this.unload();
  }
}

export abstract class ItemView extends View implements Simulates<ObsidianItemView, 'contentEl'> {
  readonly contentEl: HTMLElement;

  constructor(leaf: ObsidianLeaf) {
    super(leaf);
    this.containerEl.createDiv({ cls: 'view-header' }).createDiv({
      cls: 'view-header-title',
    });
    this.contentEl = this.containerEl.createDiv({ cls: 'view-content' });
  }
}

/** What a leaf shows before a view is set (Obsidian's "empty" view). */
export class EmptyView extends View {
  getViewType(): string {
    return 'empty';
  }

  getDisplayText(): string {
    return 'New tab';
  }
}
