/**
 * Reading data.json: a missing file means defaults; an older format is migrated (secrets byte for
 * byte); a file that is not valid JSON or does not match the schema is never overwritten: it is
 * copied aside (data.json.corrupt-<time>) and the problem is reported, so the user's tokens and
 * choices can still be recovered by hand.
 */
import {
  SETTINGS_SCHEMA_VERSION,
  defaultSettings,
  migrateSettings,
  settingsSchema,
  type Settings,
} from '@mcp-connector/shared';
import { type } from 'arktype';
import { copyFile, readFile } from 'node:fs/promises';

export interface LoadedSettings {
  settings: Settings;
  /** Set when the file was unreadable and was kept aside. */
  problem: string | null;
  /** True when the file was in an older format and should be written back migrated. */
  migrated: boolean;
}

/** `keepAside: false` only reports a bad file (for reloads that will not write). */
export async function loadSettingsFile(path: string, keepAside = true): Promise<LoadedSettings> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      return { settings: defaultSettings(), problem: null, migrated: false };
    throw error;
  }
  const parsed = parseSettings(text);
  if (typeof parsed.result !== 'string')
    return {
      settings: parsed.result,
      problem: null,
      migrated: parsed.from < SETTINGS_SCHEMA_VERSION,
    };
  if (!keepAside) return { settings: defaultSettings(), problem: parsed.result, migrated: false };
  const keptAt = `${path}.corrupt-${new Date().toISOString().replace(/[:.]/g, '-')}`;
  await copyFile(path, keptAt);
  return {
    settings: defaultSettings(),
    problem: `${parsed.result} The file was kept as ${keptAt}.`,
    migrated: false,
  };
}

function parseSettings(text: string): { result: Settings | string; from: number } {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    return {
      result: `data.json is not valid JSON (${(error as Error).message}).`,
      from: SETTINGS_SCHEMA_VERSION,
    };
  }
  const migration = migrateSettings(raw);
  const settings = settingsSchema(migration.value);
  if (settings instanceof type.errors) {
    return {
      result: `data.json does not match the settings format (${settings.summary}).`,
      from: migration.from,
    };
  }
  return { result: settings, from: migration.from };
}
