export {
  SettingsStore,
  type SettingsListener,
  type SliceChanges,
} from './services/settings-store.ts';
export { loadSettingsFile, type LoadedSettings } from './services/settings-file.ts';
