/**
 * Reading data.json, slice by slice. A missing file means defaults; an older format is migrated
 * (plain secrets come out in `moved`, for the device home). Each slice is validated on its own: a valid slice is used even when
 * another is not, and an invalid one reads as its default, is named in `problem`, and stays in
 * the file exactly as written (`raw`), so the user can fix it by hand and nothing is lost. A file
 * that is not a JSON object at all is `unreadable`; it is copied aside (data.json.corrupt-<time>)
 * when opened and never overwritten.
 */
import {
  defaultSettings,
  migrateSettings,
  type MovedToDevice,
  type Settings,
  type SettingsSlice,
} from '@mcp-connector/shared';
import { sliceSchemas } from '@mcp-connector/shared/settings-schemas';
import { type } from 'arktype';
import { copyFile, readFile } from 'node:fs/promises';

export interface LoadedSettings {
  /** The valid slices, and defaults for missing or invalid ones. */
  settings: Settings;
  /** Why part or all of the file could not be used; null when all of it could. */
  problem: string | null;
  /** Slices that failed validation (read as defaults; the file keeps what it had). */
  invalid: SettingsSlice[];
  /** The file's top-level object as read and migrated; null when missing or unreadable. */
  raw: Record<string, unknown> | null;
  /** The file exists but is not a JSON object: nothing in it can be used or rewritten. */
  unreadable: boolean;
  /** True when the file was in an older format and should be written back migrated. */
  migrated: boolean;
  /** What migrating took out of the file for the device home (saved there before any write). */
  moved: MovedToDevice;
}

/** `keepAside: false` only reports an unreadable file (for reloads, which never write). */
export async function loadSettingsFile(path: string, keepAside = true): Promise<LoadedSettings> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return fresh();
    throw error;
  }
  const raw = parseObject(text);
  if (typeof raw === 'string') {
    let problem = `data.json is not valid JSON (${raw}).`;
    if (keepAside) problem += ` The file was kept as ${await keepCopy(path)}.`;
    return { ...fresh(), problem, unreadable: true };
  }
  return parseSlices(raw);
}

/** The slices of a parsed file: valid ones kept, invalid ones named. */
export function parseSlices(raw: Record<string, unknown>): LoadedSettings {
  const migration = migrateSettings(raw);
  const value = migration.value as Record<string, unknown>;
  const settings: Record<string, unknown> = { ...defaultSettings() };
  const invalid: SettingsSlice[] = [];
  const reasons: string[] = [];
  const schemas = sliceSchemas();
  for (const slice of Object.keys(schemas) as SettingsSlice[]) {
    if (value[slice] === undefined) continue;
    const checked: unknown = schemas[slice](value[slice]);
    if (checked instanceof type.errors) {
      invalid.push(slice);
      reasons.push(`${slice} (${checked.summary})`);
    } else settings[slice] = checked;
  }
  return {
    settings: settings as Settings,
    problem:
      invalid.length === 0
        ? null
        : `data.json has invalid settings, which were not used: ${reasons.join('; ')}.`,
    invalid,
    raw: value,
    unreadable: false,
    migrated: migration.changed,
    moved: migration.moved,
  };
}

function fresh(): LoadedSettings {
  const settings = defaultSettings();
  return {
    settings,
    problem: null,
    invalid: [],
    raw: null,
    unreadable: false,
    migrated: false,
    moved: { secrets: {}, requests: {}, calls: {} },
  };
}

function parseObject(text: string): Record<string, unknown> | string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return (error as Error).message;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return 'the top level is not an object';
  return value as Record<string, unknown>;
}

async function keepCopy(path: string): Promise<string> {
  const keptAt = `${path}.corrupt-${new Date().toISOString().replace(/[:.]/g, '-')}`;
  await copyFile(path, keptAt);
  return keptAt;
}
