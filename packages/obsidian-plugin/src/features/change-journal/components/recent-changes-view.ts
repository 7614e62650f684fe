/**
 * The "Recent AI changes" view, a sidebar leaf: onOpen mounts the Svelte list over the current
 * RecentChangesApi, onClose unmounts it. Until the server has started it says so, and fills in
 * when `refresh` is called. The class is made by a function, so loading main.js defines nothing
 * over Obsidian's classes before onload.
 */
import { ItemView, Notice, type WorkspaceLeaf } from 'obsidian';
import type { RecentChangesApi } from '../services/recent-changes-api.ts';
import { mountRecentChanges, type MountedRecentChanges } from './mount.ts';

export const RECENT_CHANGES_VIEW = 'mcp-connector-recent-changes';

export interface RecentChangesLeafView extends ItemView {
  /** Mounts again over the current API (the server started, or restarted). */
  refresh(): void;
}

export function recentChangesViewCreator(
  api: () => RecentChangesApi | null,
): (leaf: WorkspaceLeaf) => RecentChangesLeafView {
  class RecentChangesView extends ItemView implements RecentChangesLeafView {
    private mounted: MountedRecentChanges | null = null;

    getViewType(): string {
      return RECENT_CHANGES_VIEW;
    }

    getDisplayText(): string {
      return 'Recent AI changes';
    }

    override getIcon(): string {
      return 'history';
    }

    override async onOpen(): Promise<void> {
      this.refresh();
    }

    override async onClose(): Promise<void> {
      this.unmount();
    }

    refresh(): void {
      this.unmount();
      const current = api();
      if (current === null) {
        this.contentEl.createEl('p', {
          cls: 'mcp-connector-changes-empty',
          text: 'Local MCP Server is starting; the changes appear in a moment.',
        });
        return;
      }
      this.mounted = mountRecentChanges(this.contentEl, {
        api: current,
        notify: (message) => new Notice(message),
      });
    }

    private unmount(): void {
      this.mounted?.destroy();
      this.mounted = null;
      this.contentEl.empty();
    }
  }
  return (leaf) => new RecentChangesView(leaf);
}
