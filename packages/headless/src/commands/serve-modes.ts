/**
 * The modes of `serve` that serve the vault from this process: over loopback HTTP, in process over
 * stdio (`--in-process`), and as the vault's background server (`--background`). Loaded by
 * serve.ts only for them, after ArkType's configuration: the relay never loads this (ADR-0054).
 */
import { serveInBackground } from '../background/background-serve.ts';
import { bannerFor, serveVault, serveVaultOverStdio, type HeadlessServer } from '../serve.ts';
import { reportIndexing } from './index-report.ts';
import { reportOperations } from './operations-report.ts';
import { progressLine, type ProgressLine } from './progress-line.ts';
import { tokenRefusal } from './token-choice.ts';
import { requireVaultFolder } from './vault-folder.ts';

export async function serveHttp(
  vault: string,
  port: number | undefined,
  rebuildCache: boolean,
  json: boolean,
): Promise<number> {
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
  announce(server, json);
  reportIndexing(server.nodeHost.indexing, process.stderr);
  reportOperations(server.operations, progress);
  return runUntilStopped(server);
}

export async function serveStdio(
  vault: string,
  token: string,
  rebuildCache: boolean,
): Promise<number> {
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

export async function serveBackground(
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
