/**
 * Reading data.json: a missing file means defaults; a file that is not valid JSON or does not
 * match the schema is never overwritten. It is copied aside (data.json.corrupt-<time>) and the
 * problem is reported, so the user's tokens and choices can still be recovered by hand.
 */
import { defaultSettings, settingsSchema, type Settings } from '@mcp-connector/shared';
import { type } from 'arktype';
import { copyFile, readFile } from 'node:fs/promises';

export interface LoadedSettings {
  settings: Settings;
  /** Set when the file was unreadable and was kept aside. */
  problem: string | null;
}

export async function loadSettingsFile(path: string): Promise<LoadedSettings> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      return { settings: defaultSettings(), problem: null };
    throw error;
  }
  const problem = validate(text);
  if (typeof problem !== 'string') return { settings: problem, problem: null };
  const keptAt = `${path}.corrupt-${new Date().toISOString().replace(/[:.]/g, '-')}`;
  await copyFile(path, keptAt);
  return { settings: defaultSettings(), problem: `${problem} The file was kept as ${keptAt}.` };
}

function validate(text: string): Settings | string {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    return `data.json is not valid JSON (${(error as Error).message}).`;
  }
  const settings = settingsSchema(raw);
  if (settings instanceof type.errors)
    return `data.json does not match the settings format (${settings.summary}).`;
  return settings;
}
