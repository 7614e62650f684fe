/**
 * Where each period's notes live, read from the vault's config folder as Obsidian reads it:
 * the Periodic Notes plugin's settings for a period win when the plugin is turned on (listed in
 * community-plugins.json) and that period is enabled; daily notes otherwise fall back to the core
 * Daily Notes settings (daily-notes.json); anything unset takes the defaults (format per period,
 * the vault root, no template). Blank values count as unset, as in Obsidian.
 */
import { ToolError, onFirstUse } from '@mcp-connector/shared';
import { ArkErrors, type Type, type } from 'arktype';
import type { VaultHost } from '../../../../../host/vault-host.ts';
import { DEFAULT_FORMATS, PERIODS, type Period } from './periods.ts';

export interface PeriodSettings {
  /** moment.js format of the note's path below the folder, without `.md`. */
  format: string;
  /** Folder path as configured ('' for the vault root); validated when the path is built. */
  folder: string;
  /** Template as configured ('' for none); resolved like a link. */
  template: string;
  /** Where the settings came from, for messages. */
  source: string;
}

const DAILY_NOTES = 'daily-notes.json';
const PERIODIC_NOTES = 'plugins/periodic-notes/data.json';
const COMMUNITY_PLUGINS = 'community-plugins.json';

/** The three files' schemas, made on first use (ADR-0022). */
const schemas = onFirstUse(() => {
  const noteSettings = type({ 'folder?': 'string', 'format?': 'string', 'template?': 'string' });
  const periodSettings = noteSettings.and({ 'enabled?': 'boolean' });
  const periodicNotesData = type(
    Object.fromEntries(PERIODS.map((period) => [`${period}?`, periodSettings])) as Record<
      `${Period}?`,
      typeof periodSettings
    >,
  );
  return { noteSettings, periodicNotesData, pluginList: type('string[]') };
});

type NoteSettings = ReturnType<typeof schemas>['noteSettings']['infer'];

export async function readPeriodSettings(host: VaultHost, period: Period): Promise<PeriodSettings> {
  const periodic = await periodicNotesSettings(host, period);
  if (periodic !== null) return settled(periodic, period, PERIODIC_NOTES);
  if (period === 'daily') {
    const daily = await readConfig(host, DAILY_NOTES, schemas().noteSettings);
    if (daily !== null) return settled(daily, period, DAILY_NOTES);
  }
  return settled({}, period, 'defaults');
}

async function periodicNotesSettings(
  host: VaultHost,
  period: Period,
): Promise<NoteSettings | null> {
  const enabledPlugins = await readConfig(host, COMMUNITY_PLUGINS, schemas().pluginList);
  if (enabledPlugins === null || !enabledPlugins.includes('periodic-notes')) return null;
  const data = await readConfig(host, PERIODIC_NOTES, schemas().periodicNotesData);
  const settings = data?.[period];
  return settings?.enabled === true ? settings : null;
}

function settled(settings: NoteSettings, period: Period, source: string): PeriodSettings {
  return {
    format: settings.format?.trim() || DEFAULT_FORMATS[period],
    folder: settings.folder?.trim() ?? '',
    template: settings.template?.trim() ?? '',
    source,
  };
}

/** A config file parsed and checked against `schema`; null when it does not exist. */
async function readConfig<T>(host: VaultHost, file: string, schema: Type<T>): Promise<T | null> {
  const text = await host.readConfigFile(file);
  if (text === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw invalidConfig(host, file, 'it is not valid JSON');
  }
  const checked = schema(value);
  if (checked instanceof ArkErrors) throw invalidConfig(host, file, checked.summary);
  return checked as T;
}

export function invalidConfig(host: VaultHost, file: string, problem: string): ToolError {
  return new ToolError(
    'invalid_config',
    `${host.configDir}/${file} cannot be used: ${problem}. Fix the setting in Obsidian (or the file), then call again.`,
    { file: `${host.configDir}/${file}` },
  );
}
