import { parseArgs } from 'node:util';

export const USAGE = `Usage:
  bun run serve -- --vault DIR [--port N] [--json]
  bun run demo
  bun run metadata -- FILE.md [--vault DIR]
  bun run tokens -- --vault DIR list
  bun run tokens -- --vault DIR add --label L [--profile all|core|adaptive] [--read-only] [--allow a,b]
  bun run tokens -- --vault DIR regenerate ID | revoke ID
  bun run tokens -- --vault DIR set ID [--label L] [--profile P] [--read-only|--writable] [--allow a,b|--allow-all]
  bun run connect -- --vault DIR --token ID|LABEL --client NAME [--out FILE]
  bun run connect -- --client list
  bun run models -- --vault DIR [status | download]`;

type OptionsConfig = NonNullable<Parameters<typeof parseArgs>[0]>['options'];

/** Parses `--flag value` options strictly; an unknown or malformed flag prints the usage and exits 2. */
export function parseOrExit<T extends OptionsConfig>(args: string[], options: T) {
  return parseWithPositionals(args, options, false).values;
}

export function parseWithPositionals<T extends OptionsConfig>(
  args: string[],
  options: T,
  allowPositionals = true,
) {
  try {
    return parseArgs({ args, options, strict: true, allowPositionals });
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${USAGE}`);
    process.exit(2);
  }
}
