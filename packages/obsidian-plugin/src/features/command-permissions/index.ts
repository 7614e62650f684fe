/**
 * command-permissions: whether an AI client may run an Obsidian command (the master switch, the
 * allowlist, the user's answer in a modal, a rate limit) and the decision log with its CSV export.
 * The Obsidian modal is the feature's UI entry, components/index.ts, which only main.ts imports, so
 * this index stays free of runtime 'obsidian' imports and headless can load it.
 */
import type { SettingsStore } from '../settings/index.ts';
import { PermissionGate } from './services/command-gate.ts';
import { commandSettingsOf } from './services/decision-log.ts';
import type { PermissionPrompt } from './services/permission-prompt.ts';

export { PermissionGate, PROMPT_TIMEOUT_MS, type GateDecision } from './services/command-gate.ts';
export {
  commandSettingsOf,
  decisionsToCsv,
  type CommandDecision,
  type CommandSettings,
  type CommandSettingsAccess,
} from './services/decision-log.ts';
export { looksDestructive } from './services/destructive-commands.ts';
export type {
  GateClock,
  PermissionAnswer,
  PermissionPrompt,
  PermissionRequest,
} from './services/permission-prompt.ts';

/** The gate over the settings store; without a prompt, commands off the allowlist are denied. */
export function commandGateFor(
  settings: SettingsStore,
  prompt: PermissionPrompt | null,
): PermissionGate {
  return new PermissionGate({ settings: commandSettingsOf(settings), prompt });
}
