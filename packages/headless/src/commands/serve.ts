/**
 * `serve`: the vault over loopback HTTP (a banner, or with --json one line of JSON on stdout),
 * or with --stdio to one client over stdin/stdout as one token: relayed to the vault's one server,
 * started in the background when none runs (`--background`, ADR-0047), or with --in-process
 * served by this process itself. In stdio mode stdout carries MCP messages only: everything else,
 * a stray console.log included, goes to stderr. The relay loads none of the server's modules:
 * they are imported only for the modes that serve (serve-modes.ts, ADR-0054).
 */
import { DEFAULT_IDLE_EXIT_MS } from '../background/idle-watch.ts';
import { afterArkTypeConfig } from '../configured-import.ts';
import { relayStdio, relayToken } from '../stdio-relay.ts';
import { UsageError, parseOptions, requireOption, type Command } from './usage.ts';
import { requireVaultFolder } from './vault-folder.ts';

const OPTIONS = {
  vault: { type: 'string' },
  port: { type: 'string' },
  json: { type: 'boolean' },
  stdio: { type: 'boolean' },
  token: { type: 'string' },
  'rebuild-cache': { type: 'boolean' },
  'in-process': { type: 'boolean' },
  background: { type: 'boolean' },
  'idle-exit': { type: 'string' },
} as const;

export const serveCommand: Command = {
  name: 'serve',
  usage: [
    '--vault DIR [--port N] [--json] [--rebuild-cache]',
    '--vault DIR --stdio --token ID|LABEL [--idle-exit SECONDS] [--in-process] [--rebuild-cache]',
    '--vault DIR --background [--idle-exit SECONDS] [--rebuild-cache]',
  ].join('\n'),
  details: [
    'Options:',
    '  --vault DIR       the vault folder (the one holding .obsidian); data.json is shared with the plugin',
    '  --port N          listen on 127.0.0.1:N (0: any free port); default: the first free of 27200-27205',
    '  --json            print one JSON line {url, token, vault} on stdout instead of the banner',
    '  --stdio           speak MCP on stdin/stdout, for clients that launch a process; logs go to stderr',
    '  --token ID|LABEL  with --stdio: the token whose scope every request gets (see the tokens command)',
    "                    --stdio relays to the vault's running server (Obsidian's, or a headless one),",
    '                    starting the background server when none runs: one index per vault',
    '  --in-process      with --stdio: serve from this process instead (its own index; no detached process)',
    "  --background      the vault's shared server, on a free port; it stops when idle or when Obsidian",
    '                    serves the vault (what --stdio starts)',
    '  --idle-exit SECONDS  how long the background server waits without a request before it stops',
    `                    (default ${DEFAULT_IDLE_EXIT_MS / 1000})`,
    "  --rebuild-cache   read and parse every note again (an edit that kept a note's size and mtime is not seen otherwise)",
  ].join('\n'),
  run: runServe,
};

async function runServe(args: string[]): Promise<number> {
  const { values } = parseOptions(args, OPTIONS);
  const vault = requireOption(values.vault, '--vault DIR');
  const idleExitMs = parseIdleExit(values['idle-exit']);
  const rebuildCache = values['rebuild-cache'] === true;
  if (values.stdio === true) {
    if (values.port !== undefined || values.json === true || values.background === true)
      throw new UsageError(
        '--stdio serves stdin/stdout: it takes no --port, --json or --background.',
      );
    const token = requireOption(values.token, '--stdio needs --token ID|LABEL;');
    if (values['in-process'] === true)
      return (await serveModes()).serveStdio(vault, token, rebuildCache);
    if (rebuildCache)
      throw new UsageError(
        '--rebuild-cache with --stdio needs --in-process (the shared server is started without it): or run `doctor --vault DIR --rebuild-cache` while no server of the vault runs.',
      );
    return relay(vault, token, idleExitMs);
  }
  if (values['in-process'] === true) throw new UsageError('--in-process is for --stdio.');
  if (values.background === true) {
    if (values.port !== undefined || values.token !== undefined)
      throw new UsageError('--background picks a free port and takes no --port or --token.');
    return (await serveModes()).serveBackground(vault, idleExitMs, rebuildCache);
  }
  if (values.token !== undefined)
    throw new UsageError(
      '--token is for --stdio; over HTTP each request carries its own bearer token.',
    );
  const port = values.port === undefined ? undefined : parsePort(values.port);
  return (await serveModes()).serveHttp(vault, port, rebuildCache, values.json === true);
}

/** The server's modules, for every mode but the relay. */
function serveModes() {
  return afterArkTypeConfig(() => import('./serve-modes.ts'));
}

async function relay(vault: string, token: string, idleExitMs: number): Promise<number> {
  const folder = await requireVaultFolder(vault);
  const record = await relayToken(folder, token).catch(async (error: unknown) => {
    const { tokenRefusal } = await afterArkTypeConfig(() => import('./token-choice.ts'));
    throw tokenRefusal(error, token, vault);
  });
  console.error(
    `Local MCP Server (headless): relaying stdio to the vault's server as the token "${record.label}".`,
  );
  await relayStdio({ vault: folder, token, idleExitMs }, record);
  return 0;
}

function parseIdleExit(text: string | undefined): number {
  if (text === undefined) return DEFAULT_IDLE_EXIT_MS;
  const seconds = Number(text);
  if (!Number.isFinite(seconds) || seconds <= 0)
    throw new UsageError(`--idle-exit must be a number of seconds above 0, got "${text}".`);
  return seconds * 1000;
}

function parsePort(text: string): number {
  const port = Number(text);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new UsageError(`--port must be 0-65535 (0: any free port), got "${text}".`);
  return port;
}
