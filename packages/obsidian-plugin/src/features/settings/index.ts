export {
  SettingsStore,
  type SettingsListener,
  type SettingsStoreOptions,
  type SliceChanges,
} from './services/settings-store.ts';
export { loadSettingsFile, type LoadedSettings } from './services/settings-file.ts';
export { DeviceSecrets, type SecretMirror } from './services/device-secrets.ts';
export { DeviceUsage, emptyUsage, withCounters, type UsageState } from './services/device-usage.ts';
export { withFileLock } from './services/file-lock.ts';
export { moveOutOfVault, type OldPlacesResult } from './services/old-places.ts';
