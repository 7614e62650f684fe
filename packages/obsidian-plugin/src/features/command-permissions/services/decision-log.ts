/**
 * The command gate's memory in the `commands` settings slice: the allowlist ("Allow always" adds
 * to it) and the last 50 decisions, exportable as RFC 4180 CSV for the user to review. All
 * changes go through the settings store, so they are serialised and written atomically.
 */
import type { Settings } from '@mcp-connector/shared';
import type { SettingsStore } from '../../settings/index.ts';

export type CommandSettings = Settings['commands'];
export type CommandDecision = CommandSettings['decisions'][number];

export const KEPT_DECISIONS = 50;

/** The gate's view of the settings: the current slice, and atomic changes to it. */
export interface CommandSettingsAccess {
  current(): CommandSettings;
  update(change: (current: CommandSettings) => CommandSettings): Promise<CommandSettings>;
}

export function commandSettingsOf(store: SettingsStore): CommandSettingsAccess {
  return {
    current: () => store.current.commands,
    update: (change) => store.updateSlice('commands', change),
  };
}

export function withDecision(
  settings: CommandSettings,
  decision: CommandDecision,
): CommandSettings {
  return { ...settings, decisions: [...settings.decisions, decision].slice(-KEPT_DECISIONS) };
}

/** Adds an exact id (never a pattern) to the allowlist; unchanged when it is already there. */
export function withAllowed(settings: CommandSettings, commandId: string): CommandSettings {
  if (settings.allowlist.includes(commandId)) return settings;
  return { ...settings, allowlist: [...settings.allowlist, commandId] };
}

const CSV_COLUMNS = ['timestamp', 'commandId', 'decision', 'reason'] as const;

/** RFC 4180: CRLF line ends, a header row, fields with a comma, quote or line break quoted. */
export function decisionsToCsv(decisions: readonly CommandDecision[]): string {
  const rows = [
    CSV_COLUMNS.join(','),
    ...decisions.map((decision) =>
      CSV_COLUMNS.map((column) => csvField(decision[column])).join(','),
    ),
  ];
  return `${rows.join('\r\n')}\r\n`;
}

function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}
