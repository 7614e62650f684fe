/**
 * `serve`: the vault over loopback HTTP (a banner, or with --json one line of JSON on stdout),
 * or with --stdio to one client over stdin/stdout as one token: relayed to the vault's one server,
 * started in the background when none runs (`--background`, ADR-0047), or with --in-process
 * served by this process itself. In stdio mode stdout carries MCP messages only: everything else,
 * a stray console.log included, goes to stderr.
 */
import { DEFAULT_IDLE_EXIT_MS, serveInBackground } from '../background/background-serve.ts';
import { bannerFor, serveVault, serveVaultOverStdio, type HeadlessServer } from '../serve.ts';
import { relayStdio, relayToken } from '../stdio-relay.ts';
import { reportIndexing } from './index-report.ts';
import { reportOperations } from './operations-report.ts';
import { progressLine, type ProgressLine } from './progress-line.ts';
import { tokenRefusal } from './token-choice.ts';
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
    if (values['in-process'] === true) return serveStdio(vault, token, rebuildCache);
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
    return serveBackground(vault, idleExitMs, rebuildCache);
  }
  if (values.token !== undefined)
    throw new UsageError(
      '--token is for --stdio; over HTTP each request carries its own bearer token.',
    );
  const port = values.port === undefined ? undefined : parsePort(values.port);
  const progress = progressLine();
  const server = await serveVault({
    vault: await requireVaultFolder(vault),
    port,
    rebuildCache,
    // The index builds while serving: index-report.ts tells how far it is.
    semantic: reporting(progress).semantic,
  }).catch((error: unknown) => {
    throw portRefusal(error);
  });
  progress.clear();
  announce(server, values.json === true);
  reportIndexing(server.nodeHost.indexing, process.stderr);
  reportOperations(server.operations, progress);
  return runUntilStopped(server);
}

async function serveStdio(vault: string, token: string, rebuildCache: boolean): Promise<number> {
  const toStderr = (...parts: unknown[]) => console.error(...parts);
  console.log = toStderr;
  console.info = toStderr;
  console.debug = toStderr;
  const progress = progressLine();
  const server = await serveVaultOverStdio({
    vault: await requireVaultFolder(vault),
    token,
    rebuildCache,
    ...reporting(progress),
  }).catch((error: unknown) => {
    throw tokenRefusal(error, token, vault);
  });
  progress.clear();
  console.error(
    `Local MCP Server (headless) is serving the vault "${server.host.vaultName}" over stdio as the token "${server.token.label}".`,
  );
  reportOperations(server.operations, progress);
  return runUntilStopped(server, { ended: server.closed });
}

async function relay(vault: string, token: string, idleExitMs: number): Promise<number> {
  const folder = await requireVaultFolder(vault);
  const record = await relayToken(folder, token).catch((error: unknown) => {
    throw tokenRefusal(error, token, vault);
  });
  console.error(
    `Local MCP Server (headless): relaying stdio to the vault's server as the token "${record.label}".`,
  );
  await relayStdio({ vault: folder, token, idleExitMs }, record);
  return 0;
}

async function serveBackground(
  vault: string,
  idleExitMs: number,
  rebuildCache: boolean,
): Promise<number> {
  const { server, ended } = await serveInBackground({
    vault: await requireVaultFolder(vault),
    idleExitMs,
    rebuildCache,
  });
  console.error(
    `Local MCP Server (headless) serves the vault "${server.host.vaultName}" in the background on ${server.url} (process ${process.pid}); it stops after ${idleExitMs / 1000} s without a request.`,
  );
  return runUntilStopped(server, {
    ended: ended.then((why) => console.error(`Stopping: ${why}.`)),
  });
}

/** The start-up scan, the semantic index build and agents' long calls on the progress line. */
function reporting(progress: ProgressLine) {
  return {
    onScanProgress: (indexed: number, total: number) =>
      progress.update(`Reading the vault: ${indexed} of ${total} notes`),
    semantic: {
      onProgress: (line: string) =>
        IN_PROGRESS.test(line) ? progress.update(line) : progress.print(line),
    },
  };
}

/** The semantic index's "N of M notes" lines, rewritten in place on a terminal. */
const IN_PROGRESS = /^Semantic index: \d+ of \d+ notes/;

export function announce(server: HeadlessServer, json: boolean): void {
  if (json) {
    const line = {
      url: server.url,
      token: server.defaultToken?.secret ?? null,
      vault: server.host.vaultName,
    };
    process.stdout.write(`${JSON.stringify(line)}\n`);
  } else {
    console.log(bannerFor(server));
  }
}

export interface StopOptions {
  /** Runs after the server closed (the demo removes its temp copy). */
  cleanup?: () => Promise<void>;
  /** Stops the server when it resolves too (stdio: the client closed stdin). */
  ended?: Promise<void>;
}

/** A graceful close waits for open requests; the process ends within seconds regardless. */
const FORCED_EXIT_MS = 3000;

/** Runs until SIGINT, SIGTERM or `ended`, closes the server once, and resolves the exit code. */
export function runUntilStopped(
  server: { close(): Promise<void> },
  options: StopOptions = {},
): Promise<number> {
  return new Promise((resolve) => {
    let stopping = false;
    const stop = () => {
      if (stopping) return;
      stopping = true;
      setTimeout(() => process.exit(1), FORCED_EXIT_MS).unref();
      server
        .close()
        .then(options.cleanup)
        .then(() => resolve(0))
        .catch((error: unknown) => {
          console.error(error instanceof Error ? error.message : error);
          resolve(1);
        });
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    void options.ended?.then(stop);
  });
}

/** The transport's port errors name a settings tab; here the fix is a flag or data.json. */
function portRefusal(error: unknown): unknown {
  const code = (error as { code?: unknown } | null)?.code;
  if (code !== 'port_in_use' && code !== 'port_range_exhausted') return error;
  const [what] = (error as Error).message.split('. ');
  return new Error(
    `${what}. Serve on a free port with --port N, or set "transport": {"port": N} in data.json.`,
  );
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
