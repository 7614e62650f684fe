/**
 * The change journal inside Obsidian, installed from onload: the Recent AI changes view and its
 * palette command, and after an AI client changes more than one file, a notice with an Undo
 * button. `follow` is given the server once it exists (settings-ui's ServerLifecycle).
 */
import { Notice, type Plugin } from 'obsidian';
import { RecentChangesService, type ChangesSource } from '../services/recent-changes.ts';
import { CHANGE_NOTICE_MS, mountChangeNotice, watchMultiFileChanges } from './change-notice.ts';
import {
  RECENT_CHANGES_VIEW,
  recentChangesViewCreator,
  type RecentChangesLeafView,
} from './recent-changes-view.ts';

export interface InstalledRecentChanges {
  /** Starts following the server's journal: the view's list and the notices. */
  follow(source: ChangesSource): void;
  /** Opens the view in the right sidebar, or reveals it. */
  open(): Promise<void>;
  close(): void;
}

export function installRecentChanges(plugin: Plugin): InstalledRecentChanges {
  let service: RecentChangesService | null = null;
  let stopNotices: () => void = () => undefined;
  const { workspace } = plugin.app;
  plugin.registerView(
    RECENT_CHANGES_VIEW,
    recentChangesViewCreator(() => service),
  );

  const open = async (): Promise<void> => {
    const leaf = workspace.getLeavesOfType(RECENT_CHANGES_VIEW)[0] ?? workspace.getRightLeaf(false);
    if (leaf === null) return;
    if (leaf.view.getViewType() !== RECENT_CHANGES_VIEW)
      await leaf.setViewState({ type: RECENT_CHANGES_VIEW, active: true });
    await workspace.revealLeaf(leaf);
  };
  plugin.addCommand({
    id: 'show-recent-ai-changes',
    name: 'Show recent AI changes',
    callback: () => void open(),
  });

  return {
    follow(source) {
      service?.close();
      stopNotices();
      const current = new RecentChangesService(source);
      service = current;
      stopNotices = watchMultiFileChanges(current, (change) => {
        let notice: Notice | null = null;
        const content = createFragment((fragment) =>
          mountChangeNotice(fragment.createDiv(), change, {
            undo: (id) => current.undo(id),
            notify: (message) => new Notice(message),
            done: () => notice?.hide(),
          }),
        );
        notice = new Notice(content, CHANGE_NOTICE_MS);
      });
      for (const leaf of workspace.getLeavesOfType(RECENT_CHANGES_VIEW))
        (leaf.view as RecentChangesLeafView).refresh();
    },
    open,
    close() {
      stopNotices();
      service?.close();
      service = null;
    },
  };
}
