/**
 * The Chromium harness's bridge between the page and the real SettingsService in the test
 * process (remote-api.ts): the names of its two ends, and every action it carries. Browser-safe.
 */
import type { SettingsApi } from '../services/settings-api.ts';
import type { BridgeNames } from './remote-api.ts';

export const SETTINGS_BRIDGE: BridgeNames = { call: 'mcpSettingsCall', push: 'mcpSettingsPush' };

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
  'addPromoted',
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

export type { BridgeReply } from './remote-api.ts';
