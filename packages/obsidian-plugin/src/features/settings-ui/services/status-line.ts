/** The status-bar text: serving and on which port, or starting / not running, and indexing. */
import type { SettingsView } from './settings-api.ts';

export function statusBarText(view: SettingsView): string {
  const { server } = view;
  if (server.state === 'starting') return 'MCP starting';
  if (server.state !== 'serving') return 'MCP not running';
  if (view.refusing) return 'MCP refusing requests: fix data.json';
  const index = view.semantic.status;
  const indexing =
    index !== null && (index.state === 'building' || index.state === 'idle')
      ? ` · indexing ${index.percent}%`
      : '';
  return `MCP serving on ${server.port ?? '?'}${indexing}`;
}
