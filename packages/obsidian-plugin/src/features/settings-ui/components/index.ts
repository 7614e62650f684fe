/**
 * settings-ui's Obsidian entry: only main.ts imports it (it loads 'obsidian' at run time); the
 * feature's index.ts stays loadable headless.
 */
export {
  installSettingsUi,
  type InstalledSettingsUi,
  type SettingsUiOptions,
} from './obsidian-ui.ts';
