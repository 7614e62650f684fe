import type { SettingsSchemas } from './settings-schemas.ts';

/**
 * The format of data.json, the one settings file the plugin and the headless server share.
 * Each top-level key is a slice that one feature owns; features change their slice only through
 * the settings store.
 */
export const SETTINGS_SCHEMA_VERSION = 3;

export const DEFAULT_WARN_PER_MINUTE = 30;

export function defaultCommandSettings(): CommandSettings {
  return { enabled: false, allowlist: [], decisions: [], warnPerMinute: DEFAULT_WARN_PER_MINUTE };
}

export function defaultTokenPolicy(): TokenPolicy {
  return { profile: 'all', promoted: [], allowlist: null, readOnly: false };
}

export function defaultToolPolicy(): ToolPolicySettings {
  return { tokens: {}, userDisabled: [], promoted: [] };
}

export function defaultSemanticSettings(): SemanticSettings {
  return { enabled: true, provider: 'auto', nativeModel: 'all-MiniLM-L6-v2' };
}

/**
 * A hidden-folders entry as a vault path: NFC (macOS Finder writes names in NFD), no leading,
 * trailing or doubled slashes, no `.` segments. Comparison ignores case (HiddenPaths).
 */
export function normalizeHiddenFolder(entry: string): string {
  return entry
    .normalize('NFC')
    .split('/')
    .filter((segment) => segment !== '' && segment !== '.')
    .join('/');
}

export function defaultClientConfigSettings(): ClientConfigSettings {
  return { desktop: null };
}

export function defaultChangeJournalSettings(): ChangeJournalSettings {
  return { maxSizeMb: 100, maxAgeDays: 30, maxBinaryMb: 10 };
}

/**
 * Slices that decide who may do what. Serving with their defaults would fail open (no hidden
 * folders, full access, a fresh token), so while one is invalid the server refuses to serve.
 */
export const SECURITY_SLICES: readonly SettingsSlice[] = ['tokens', 'toolPolicy', 'hiddenFolders'];

type SliceSchemas = SettingsSchemas['sliceSchemas'];
/**
 * data.json as the store holds it: every slice as its schema reads it (a slice missing from a
 * file written before it existed reads as its default: parseSlices).
 */
export type Settings = { schemaVersion: number } & {
  [Slice in keyof SliceSchemas]: SliceSchemas[Slice]['infer'];
};
export type TransportSettings = SettingsSchemas['transportSettingsSchema']['infer'];
export type CommandSettings = SettingsSchemas['commandSettingsSchema']['infer'];
export type CommandDecision = SettingsSchemas['commandDecisionSchema']['infer'];
export type TokenPolicy = SettingsSchemas['tokenPolicySchema']['infer'];
export type ToolPolicySettings = SettingsSchemas['toolPolicySchema']['infer'];
/** Requests per token and protocol line, for the settings UI ("last used"): device state. */
export interface TokenUsage {
  legacy: number;
  modern: number;
  lastSeen: string | null;
}
export type SemanticSettings = SettingsSchemas['semanticSettingsSchema']['infer'];
export type ClientConfigSettings = SettingsSchemas['clientConfigSettingsSchema']['infer'];
export type ChangeJournalSettings = SettingsSchemas['changeJournalSettingsSchema']['infer'];
export type SettingsSlice = Exclude<keyof Settings, 'schemaVersion'>;

export function defaultSettings(): Settings {
  return {
    schemaVersion: SETTINGS_SCHEMA_VERSION,
    transport: { port: null, serverName: null },
    tokens: [],
    toolPolicy: defaultToolPolicy(),
    hiddenFolders: [],
    commands: defaultCommandSettings(),
    semantic: defaultSemanticSettings(),
    clientConfig: defaultClientConfigSettings(),
    changeJournal: defaultChangeJournalSettings(),
  };
}
