export {
  SettingsStore,
  type SettingsListener,
  type SettingsStoreOptions,
  type SliceChanges,
} from './services/settings-store.ts';
export { loadSettingsFile, type LoadedSettings } from './services/settings-file.ts';
export { DeviceSecrets, type SecretMirror } from './services/device-secrets.ts';
export { withFileLock } from './services/file-lock.ts';
