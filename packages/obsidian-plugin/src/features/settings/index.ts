export { SettingsStore, type SettingsListener } from './services/settings-store.ts';
export { loadSettingsFile, type LoadedSettings } from './services/settings-file.ts';
