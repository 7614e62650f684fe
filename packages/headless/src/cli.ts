/**
 * The headless command line (`mcp-connector-headless`, or `bun packages/headless/src/cli.ts` in
 * the repository): `serve`, `tokens`, `connect`, `models`, `metadata`, `demo`. Each command is one value
 * in commands/; this file picks the command, turns failures into exit codes (2: usage, 1:
 * anything else) and exits once stdout is flushed.
 */
// First: ArkType reads its configuration when it loads (jitless, as in main.js).
import '@mcp-connector/obsidian-plugin/arktype-config';
import { HelpRequested, PROGRAM, UsageError, usageOf, type Command } from './commands/usage.ts';

interface Entry {
  name: string;
  summary: string;
  /** Loaded only when chosen: `--help` and the small commands never load the server. */
  load: () => Promise<Command>;
}

const COMMANDS: readonly Entry[] = [
  {
    name: 'serve',
    summary: 'Serve a vault folder to MCP clients: over loopback HTTP, or over stdio as one token.',
    load: async () => (await import('./commands/serve.ts')).serveCommand,
  },
  {
    name: 'doctor',
    summary:
      'Check the setup of a vault (folders, settings, tokens, port, server, clients) and say how to fix it.',
    load: async () => (await import('./commands/doctor.ts')).doctorCommand,
  },
  {
    name: 'tokens',
    summary: 'List, add, regenerate, revoke and change the tokens clients connect with.',
    load: async () => (await import('./commands/tokens.ts')).tokensCommand,
  },
  {
    name: 'connect',
    summary: 'Connect a client (Claude Desktop, Cursor, VS Code, ...) to the vault with one token.',
    load: async () => (await import('./commands/connect.ts')).connectCommand,
  },
  {
    name: 'models',
    summary:
      "Show or download (with your consent) the native semantic model this vault's server reads.",
    load: async () => (await import('./commands/models.ts')).modelsCommand,
  },
  {
    name: 'metadata',
    summary: "Print a note's metadata (CachedMetadata) as Obsidian computes it.",
    load: async () => (await import('./commands/metadata.ts')).metadataCommand,
  },
  {
    name: 'demo',
    summary: 'Serve a temporary copy of the demo vault over loopback HTTP.',
    load: async () => (await import('./commands/demo.ts')).demoCommand,
  },
];

const OVERVIEW = [
  `${PROGRAM}: the MCP Connector for Obsidian, serving a vault folder without Obsidian.`,
  '',
  'Commands:',
  ...COMMANDS.map((command) => `  ${command.name.padEnd(10)}${command.summary}`),
  '',
  `Run "${PROGRAM} COMMAND --help" for a command's options.`,
].join('\n');

async function main(argv: readonly string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === '--help' || name === '-h' || name === 'help') return print(OVERVIEW, 0);
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
