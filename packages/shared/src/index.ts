export { isAtomicTempName, writeFileAtomic } from './atomic-write.ts';
export { freePathIn, pathExists } from './free-name.ts';
export { onFirstUse } from './first-use.ts';
export {
  ProcessLock,
  createExclusively,
  isOlderThan,
  readTextIfExists,
  replaceStale,
  type ProcessLockOptions,
} from './lock-file.ts';
export { processIsAlive } from './process-alive.ts';
export { isRecord } from './is-record.ts';
export { asDiskFull, diskFull, isDiskFull, writeAll } from './disk-full.ts';
export { ToolError, type ErrorCode, type ToolFailure } from './errors.ts';
export { MAX_JSON_DEPTH, jsonNestsDeeperThan } from './json-depth.ts';
export { Mutex, type Activity } from './mutex.ts';
export { migrateSettings, type Migration, type MovedToDevice } from './settings-migrations.ts';
export {
  DEFAULT_WARN_PER_MINUTE,
  SECURITY_SLICES,
  SETTINGS_SCHEMA_VERSION,
  defaultClientConfigSettings,
  defaultCommandSettings,
  defaultChangeJournalSettings,
  defaultSemanticSettings,
  defaultSettings,
  defaultTokenPolicy,
  defaultToolPolicy,
  normalizeHiddenFolder,
  type ClientConfigSettings,
  type ChangeJournalSettings,
  type SemanticSettings,
  type CommandDecision,
  type CommandSettings,
  type Settings,
  type TokenPolicy,
  type TokenUsage,
  type ToolPolicySettings,
  type SettingsSlice,
  type TransportSettings,
} from './settings.ts';
export {
  MAX_TOKENS,
  SECRET_HASH_PATTERN,
  hashSecret,
  heldHere,
  newToken,
  newTokenSecret,
  recordOf,
  secretMatches,
  tokensNamed,
  withSecret,
  type DeviceToken,
  type IssuedToken,
  type TokenRecord,
} from './tokens.ts';
export { readDeviceSecret, readDeviceSecrets, type DeviceSecretsFile } from './device-secrets.ts';
export { revisionOf } from './revision.ts';
export { expandHome } from './home-path.ts';
export {
  deviceHomeOf,
  deviceRoots,
  thisDevice,
  vaultFolderName,
  type Device,
  type VaultDeviceHome,
} from './device-home.ts';
export { LEGACY_PLUGIN_ID, PRODUCT_NAMES } from './product-names.ts';
export { durationText } from './durations.ts';
