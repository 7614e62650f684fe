/**
 * The page's SettingsApi in the Chromium harness: each action goes over the bridge to the real
 * SettingsService in the test process, and views pushed from there reach the subscribers.
 */
import type { SettingsApi, SettingsView } from '../services/settings-api.ts';
import { ACTIONS, SETTINGS_BRIDGE } from './bridge.ts';
import { remoteApi } from './remote-api.ts';

export function remoteSettingsApi(target: Window): Promise<SettingsApi> {
  return remoteApi<SettingsView, SettingsApi>(target, SETTINGS_BRIDGE, ACTIONS);
}
