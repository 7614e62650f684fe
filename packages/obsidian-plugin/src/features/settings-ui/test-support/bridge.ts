/**
 * The Chromium harness's bridge between the page and the real SettingsService in the test
 * process: the page calls `window[CALL](method, args)` (a Playwright binding) for every action,
 * and the test process pushes each new view with `window[PUSH](view)`. Browser-safe.
 */
import type { SettingsApi } from '../services/settings-api.ts';

export const CALL = 'mcpSettingsCall';
export const PUSH = 'mcpSettingsPush';

type Action = Exclude<keyof SettingsApi, 'view' | 'subscribe'>;

/** Every action of SettingsApi (the type check below fails when one is missing). */
export const ACTIONS = [
  'restartServer',
  'setPort',
  'setServerName',
  'addToken',
  'renameToken',
  'regenerateToken',
  'revokeToken',
  'clientConfig',
  'mcpbBundle',
  'setDesktopSync',
  'setTokenPolicy',
  'removePromoted',
  'resetAdaptive',
  'setToolEnabled',
  'suggestFolders',
  'addHiddenFolder',
  'removeHiddenFolder',
  'setCommandsEnabled',
  'suggestCommands',
  'addAllowedCommand',
  'removeAllowedCommand',
  'setWarnPerMinute',
  'decisionsCsv',
  'setSemantic',
  'rebuildIndex',
  'downloadModel',
  'cancelModelDownload',
  'setChangeJournal',
  'openRecentChanges',
] as const satisfies readonly Action[];

const _everyAction: Exclude<Action, (typeof ACTIONS)[number]> extends never ? true : never = true;
void _everyAction;

/** `view` fetches the current view (the page's first); any other name is an action. */
export type BridgeMethod = 'view' | (typeof ACTIONS)[number];

export type BridgeReply = { ok: true; value: unknown } | { ok: false; message: string };

export function isBridgeMethod(name: unknown): name is BridgeMethod {
  return name === 'view' || (ACTIONS as readonly unknown[]).includes(name);
}
