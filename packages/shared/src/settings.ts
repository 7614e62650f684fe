import { type } from 'arktype';
import { MAX_TOKENS } from './tokens.ts';

/**
 * The format of data.json, the one settings file the plugin and the headless server share.
 * Each top-level key is a slice that one feature owns; features change their slice only through
 * the settings store.
 */
export const SETTINGS_SCHEMA_VERSION = 1;

export const tokenRecordSchema = type({
  id: 'string > 0',
  label: 'string',
  secret: 'string >= 32',
  createdAt: 'string',
});

export const transportSettingsSchema = type({
  /** A fixed port, or null for the first free port of the default range. */
  port: '(1 <= number.integer <= 65535) | null',
});

/** One answer of the command gate, kept for the user to review (the last 50). */
export const commandDecisionSchema = type({
  timestamp: 'string',
  commandId: 'string',
  decision: "'allowed' | 'denied'",
  reason: 'string',
});

/** Running Obsidian commands: off by default; ids on the allowlist run without asking. */
export const commandSettingsSchema = type({
  enabled: 'boolean',
  /** Exact command ids; no wildcards. */
  allowlist: 'string[]',
  decisions: commandDecisionSchema.array(),
});

export function defaultCommandSettings(): CommandSettings {
  return { enabled: false, allowlist: [], decisions: [] };
}

export const settingsSchema = type({
  schemaVersion: 'number.integer',
  transport: transportSettingsSchema,
  tokens: tokenRecordSchema.array().atMostLength(MAX_TOKENS),
  /** Files written before this slice existed read as the defaults. */
  commands: commandSettingsSchema.default(defaultCommandSettings),
});

export type Settings = typeof settingsSchema.infer;
export type TransportSettings = typeof transportSettingsSchema.infer;
export type CommandSettings = typeof commandSettingsSchema.infer;
export type CommandDecision = typeof commandDecisionSchema.infer;
export type SettingsSlice = Exclude<keyof Settings, 'schemaVersion'>;

export function defaultSettings(): Settings {
  return {
    schemaVersion: SETTINGS_SCHEMA_VERSION,
    transport: { port: null },
    tokens: [],
    commands: defaultCommandSettings(),
  };
}
