/**
 * The Chromium harness page's script: mounts the settings tab's Svelte root, as Obsidian's
 * settings tab does, into the page's stand-in of the settings modal, over the bridge to the real
 * services. Notices go to a notice container, like Obsidian's, and to `window.mcpNotices`.
 */
import { mountSettings } from '../components/mount.ts';
import { remoteSettingsApi } from './remote-settings-api.ts';

const NOTICE_MS = 6000;
const notices: string[] = [];
Object.assign(window, { mcpNotices: notices });

function notify(message: string): void {
  notices.push(message);
  const container = document.querySelector('.notice-container');
  if (container === null) return;
  const notice = container.appendChild(document.createElement('div'));
  notice.className = 'notice';
  notice.textContent = message;
  window.setTimeout(() => notice.remove(), NOTICE_MS);
}

const target = document.getElementById('mcp-settings');
if (target === null) throw new Error('The harness page has no #mcp-settings element.');
const api = await remoteSettingsApi(window);
const mounted = mountSettings(target, { api, notify });
Object.assign(window, {
  mcpReveal: (section: Parameters<typeof mounted.reveal>[0]) => mounted.reveal(section),
});
document.body.dataset.ready = 'true';
