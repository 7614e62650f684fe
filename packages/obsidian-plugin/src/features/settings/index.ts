export { SettingsStore, type SettingsListener } from './services/settings-store.ts';
