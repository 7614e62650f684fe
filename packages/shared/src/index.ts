export { writeFileAtomic } from './atomic-write.ts';
export { ToolError, type ErrorCode, type ToolFailure } from './errors.ts';
export { Mutex } from './mutex.ts';
export {
  SETTINGS_SCHEMA_VERSION,
  defaultSettings,
  settingsSchema,
  tokenRecordSchema,
  transportSettingsSchema,
  type Settings,
  type SettingsSlice,
  type TransportSettings,
} from './settings.ts';
export { MAX_TOKENS, newTokenRecord, newTokenSecret, type TokenRecord } from './tokens.ts';
