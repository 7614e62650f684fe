/**
 * What every command shares: its usage text, strict option parsing, and the two kinds of
 * failure. A `UsageError` (unknown or malformed flag, missing argument) prints the command's usage
 * and exits 2; any other error prints its message and exits 1. `--help` or `-h` anywhere prints
 * the usage to stdout and exits 0, before anything else is checked.
 */
import { PRODUCT_NAMES } from '@mcp-connector/shared';
import { parseArgs } from 'node:util';

/** The command the published package's `bin` installs: every message names it. */
export const PROGRAM = PRODUCT_NAMES.cliBinary;

export interface Command {
  name: string;
  /** Usage lines, without the program name. */
  usage: string;
  /** What the options mean, when the usage lines do not say it. */
  details?: string;
  /** Resolves with the exit code once the command is done (a server: once it stopped). */
  run(args: string[]): Promise<number>;
}

export class UsageError extends Error {}

export class HelpRequested extends Error {}

type OptionsConfig = NonNullable<Parameters<typeof parseArgs>[0]>['options'];

export function usageOf(command: Command): string {
  const lines = command.usage.split('\n').map((line) => `  ${PROGRAM} ${command.name} ${line}`);
  const details = command.details === undefined ? '' : `\n\n${command.details}`;
  return `Usage:\n${lines.join('\n')}${details}`;
}

/** Parses `--flag value` options strictly; positionals only where the command takes them. */
export function parseOptions<T extends OptionsConfig>(
  args: string[],
  options: T,
  allowPositionals = false,
) {
  if (args.includes('--help') || args.includes('-h')) throw new HelpRequested();
  try {
    return parseArgs({ args, options, strict: true, allowPositionals });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

export function requireOption(value: string | undefined, flag: string): string {
  if (value === undefined) throw new UsageError(`${flag} is required.`);
  return value;
}

/** A path or name as a shell would need it in a command we print. */
export function quoted(text: string): string {
  return /[\s"'$`\\]/.test(text) ? JSON.stringify(text) : text;
}
