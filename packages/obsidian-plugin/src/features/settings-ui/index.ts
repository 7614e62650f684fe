/**
 * settings-ui: the plugin as a person meets it. A Svelte settings tab (components/, mounted in
 * Obsidian's PluginSettingTab) over SettingsService, which turns each user action into a settings
 * store update (or a server restart) and the settings and server state into a plain view; the
 * palette commands, the status bar and the first-run notice (components/obsidian-ui.ts).
 * This index is free of runtime 'obsidian' imports: headless and the Chromium harness load it.
 * The Obsidian side enters through components/index.ts. See docs/features/settings-ui.md.
 */
export {
  CLAUDE_CODE_COMMAND,
  CLIENT_CONFIG_CHOICES,
  type PluginPlace,
} from './services/client-configs.ts';
export {
  ServerLifecycle,
  type ServerChange,
  type ServerStatus,
  type StartServer,
} from './services/server-lifecycle.ts';
export type * from './services/settings-api.ts';
export {
  SettingsService,
  type SettingsHost,
  type SettingsLinks,
} from './services/settings-service.ts';
export type { ModelDownloads } from './services/model-downloads.ts';
export { statusBarText } from './services/status-line.ts';
export { OperationsWatch } from './services/operations-watch.ts';
