/**
 * Whether completing a task adds a done date, and in which format, as the Tasks plugin would:
 * - the Tasks plugin is enabled in this vault (community-plugins.json lists it): its settings
 *   decide (`setDoneDate`, default on; `taskFormat`: `✅ 2026-01-31`, or `[completion:: ...]` in
 *   its Dataview format), and a task without its global filter (`#task`, say) is not its task;
 * - otherwise, when the note's tasks already carry the Tasks plugin's emoji fields: `✅ date`;
 * - otherwise no date.
 * Reopening a task removes its done date in either format. The date is today, in local time.
 * Settings files are read as untrusted: anything unexpected counts as the plugin's default.
 * The reasons for these rules: ADR-0040.
 */
import type { VaultHost } from '../../../../../host/vault-host.ts';
import { usesTasksEmoji } from './task-fields.ts';

const PLUGIN_ID = 'obsidian-tasks-plugin';

export type DoneDateFormat = 'emoji' | 'dataview';

export interface TasksPlugin {
  setDoneDate: boolean;
  format: DoneDateFormat;
  globalFilter: string;
}

export interface DoneDateRule {
  format: DoneDateFormat | null;
  /** Why, in words the answer gives the caller. */
  because: string;
}

/** The Tasks plugin's settings when it is enabled in this vault; null otherwise. */
export async function tasksPlugin(host: VaultHost): Promise<TasksPlugin | null> {
  const enabled = parseJson(await host.readConfigFile('community-plugins.json'));
  if (!Array.isArray(enabled) || !enabled.includes(PLUGIN_ID)) return null;
  const data = parseJson(await host.readConfigFile(`plugins/${PLUGIN_ID}/data.json`));
  const settings =
    data !== null && typeof data === 'object' ? (data as Record<string, unknown>) : {};
  return {
    setDoneDate: settings.setDoneDate !== false,
    format: settings.taskFormat === 'dataview' ? 'dataview' : 'emoji',
    globalFilter: typeof settings.globalFilter === 'string' ? settings.globalFilter.trim() : '',
  };
}

export function doneDateRule(
  plugin: TasksPlugin | null,
  taskText: string,
  noteTaskTexts: readonly string[],
): DoneDateRule {
  if (plugin !== null) {
    if (plugin.globalFilter !== '' && !taskText.includes(plugin.globalFilter)) {
      return {
        format: null,
        because: `the Tasks plugin handles only tasks with its global filter ${plugin.globalFilter}`,
      };
    }
    if (!plugin.setDoneDate)
      return { format: null, because: 'the Tasks plugin is set not to add done dates' };
    return {
      format: plugin.format,
      because: `the Tasks plugin is enabled here (its ${plugin.format === 'emoji' ? 'emoji' : 'Dataview'} format)`,
    };
  }
  if (noteTaskTexts.some(usesTasksEmoji))
    return { format: 'emoji', because: "the note's tasks use the Tasks plugin's emoji fields" };
  return {
    format: null,
    because: "the Tasks plugin is not enabled here and the note's tasks do not use its fields",
  };
}

/** The text after a task's checkbox with a done date added (before a trailing block id). */
export function withDoneDate(text: string, format: DoneDateFormat, date: string): string {
  const field = format === 'emoji' ? `✅ ${date}` : `[completion:: ${date}]`;
  const at = /\s\^[A-Za-z0-9-]+\s*$/.exec(text)?.index ?? text.length;
  return `${text.slice(0, at).trimEnd()} ${field}${text.slice(at)}`;
}

/** The task text without a done date in either format. */
export function withoutDoneDate(text: string): string {
  return text
    .replace(/ ?✅\uFE0F? *\d{4}-\d{2}-\d{2}/u, '')
    .replace(/ ?[[(]completion::[^\])]*[\])]/, '');
}

/** Today in local time, as YYYY-MM-DD. */
export function localDate(now: Date = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

function parseJson(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}
