/**
 * The headless command line (`local-mcp-server` once installed, or `bun packages/headless/src/cli.ts`
 * in the repository): `serve`, `doctor`, `tokens`, `connect`, `models`, `metadata`, `demo`, and
 * `--version`. Each command is one value in commands/; this file picks the command, turns
 * failures into exit codes (2: usage, 1: anything else) and exits once stdout is flushed.
 */
// First: V8's heap flags apply to the heap as it grows (heap-flags.ts).
import './heap-flags.ts';
// Then the compile cache, before any command loads its modules (compile-cache.ts).
import './compile-cache.ts';
// ArkType, which reads its configuration when it loads, is loaded by the commands that need it,
// after that configuration (configured-import.ts): `serve --stdio`'s relay does not load it.
import manifest from '../../../manifest.json' with { type: 'json' };
import { COMMANDS } from './commands/command-list.ts';
import { HelpRequested, PROGRAM, UsageError, usageOf } from './commands/usage.ts';

const OVERVIEW = [
  `${PROGRAM}: the Local MCP Server for Obsidian, serving a vault folder without Obsidian.`,
  '',
  'Commands:',
  ...COMMANDS.map((command) => `  ${command.name.padEnd(10)}${command.summary}`),
  '',
  `Run "${PROGRAM} COMMAND --help" for a command's options, "${PROGRAM} --version" for the version.`,
].join('\n');

/** `--version` and `-v`: the version of the plugin this CLI was built from (manifest.json). */
const VERSION_FLAGS = new Set(['--version', '-v']);

async function main(argv: readonly string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === '--help' || name === '-h' || name === 'help') return print(OVERVIEW, 0);
  if (name !== undefined && VERSION_FLAGS.has(name)) return print(manifest.version, 0);
  const entry = COMMANDS.find((candidate) => candidate.name === name);
  if (entry === undefined) {
    const unknown = name === undefined ? 'Give a command.' : `Unknown command "${name}".`;
    return fail(`${unknown}\n\n${OVERVIEW}`, 2);
  }
  const command = await entry.load();
  try {
    return await command.run(rest);
  } catch (error) {
    if (error instanceof HelpRequested) return print(`${entry.summary}\n\n${usageOf(command)}`, 0);
    if (error instanceof UsageError) return fail(`${error.message}\n\n${usageOf(command)}`, 2);
    return fail(error instanceof Error ? error.message : String(error), 1);
  }
}

function print(text: string, code: number): number {
  process.stdout.write(`${text}\n`);
  return code;
}

function fail(text: string, code: number): number {
  process.stderr.write(`${text}\n`);
  return code;
}

const code = await main(process.argv.slice(2));
// Servers leave handles behind; wait for stdout to flush (a pipe may be asynchronous), then exit.
process.stdout.write('', () => process.exit(code));
