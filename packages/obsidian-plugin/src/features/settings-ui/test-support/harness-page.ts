/**
 * The Chromium harness page's script: draws the tab's declarative definitions as Obsidian 1.13
 * does, a row per definition handed to its `render`, into the page's stand-in of the settings
 * modal, each section over the bridge to the real services. Notices go to a notice container,
 * like Obsidian's, and to `window.mcpNotices`.
 */
import { mountSettings } from '../components/mount.ts';
import { settingDefinitions } from '../components/setting-definitions.ts';
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
const definitions = settingDefinitions((row, only) => {
  const mounted = mountSettings(row, { api, notify, only });
  return () => mounted.destroy();
});
for (const definition of definitions) {
  const row = target.appendChild(document.createElement('div'));
  row.className = 'setting-item';
  definition.render({ settingEl: row });
}
Object.assign(window, {
  mcpReveal: (section: string) =>
    target.querySelector(`[data-section="${section}"]`)?.scrollIntoView({ block: 'start' }),
});
document.body.dataset.ready = 'true';
