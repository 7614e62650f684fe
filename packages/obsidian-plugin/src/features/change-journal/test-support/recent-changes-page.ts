/**
 * The Chromium harness page's script for Recent AI changes: mounts the list, as Obsidian's view
 * does, into the page's stand-in of a right-sidebar leaf, over the bridge to the real service;
 * shows the Undo notice, as the plugin does, after a multi-file change by an AI client. Notices
 * go to a notice container, like Obsidian's, and to `window.mcpNotices`.
 */
import { remoteApi } from '../../settings-ui/test-support/remote-api.ts';
import {
  CHANGE_NOTICE_MS,
  mountChangeNotice,
  watchMultiFileChanges,
} from '../components/change-notice.ts';
import { mountRecentChanges } from '../components/mount.ts';
import type { RecentChangesApi, RecentChangesView } from '../services/recent-changes-api.ts';
import { CHANGES_ACTIONS, CHANGES_BRIDGE } from './changes-bridge.ts';

/** How long a plain notice stays (Obsidian's default is about this). */
const NOTICE_MS = 6000;
const notices: string[] = [];
Object.assign(window, { mcpNotices: notices });

function notice(ms: number): HTMLElement | null {
  const container = document.querySelector('.notice-container');
  if (container === null) return null;
  const element = container.appendChild(document.createElement('div'));
  element.className = 'notice';
  window.setTimeout(() => element.remove(), ms);
  return element;
}

function notify(message: string): void {
  notices.push(message);
  const element = notice(NOTICE_MS);
  if (element !== null) element.textContent = message;
}

const target = document.getElementById('mcp-recent-changes');
if (target === null) throw new Error('The harness page has no #mcp-recent-changes element.');
const api = await remoteApi<RecentChangesView, RecentChangesApi>(
  window,
  CHANGES_BRIDGE,
  CHANGES_ACTIONS,
);
mountRecentChanges(target, { api, notify });
watchMultiFileChanges(api, (change) => {
  const element = notice(CHANGE_NOTICE_MS);
  if (element === null) return;
  mountChangeNotice(element, change, {
    undo: (id) => api.undo(id),
    notify,
    done: () => element.remove(),
  });
  notices.push(element.textContent ?? '');
});
document.body.dataset.ready = 'true';
