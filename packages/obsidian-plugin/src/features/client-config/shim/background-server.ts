/**
 * One server per vault per device (ADR-0047): when no server of the vault answers, a relay starts
 * the headless CLI as a detached background HTTP server and waits until it proves itself, then
 * relays to it like to any other. The server outlives the relay, serves every next client, and
 * exits by itself once idle. Of relays that find no server at the same moment, exactly one
 * starts it: each holds `background-start.lock` in the vault's device home (created exclusively,
 * `ProcessLock`) while it looks again and starts; the others wait for the lock, then find the
 * server. Used by `serve --stdio` and by the .mcpb bundle's fallback. Node built-ins only.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, openSync, closeSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ProcessLock } from '@mcp-connector/shared/lock-file';
import type { BundleConfig } from './bundle-env.ts';
import { failure, isLocalFailure, type LocalFailure } from './local-errors.ts';
import { provenEndpoint } from './upstream.ts';
import { deviceHomeFor } from './vault-files.ts';

/** The command that serves the vault in the background (`serve --vault DIR --background`). */
export interface BackgroundLaunch {
  command: string;
  args: string[];
}

/**
 * Flags only `node`'s command line can give: V8 sizes the young generation when it makes the
 * heap, too early for `setFlagsFromString`. Semi-spaces of 8 MB instead of 16 took 14-24 MiB off
 * a settled server at 10,000 notes with searches as fast; 4 MB took more but made searches up to
 * a third slower (ADR-0058).
 */
export const BACKGROUND_NODE_FLAGS = ['--max-semi-space-size=8'];

/**
 * A headless CLI file as the vault's background server, on the runtime running this process
 * (`serve --stdio`'s own CLI, or the CLI a .mcpb carries); under Node with BACKGROUND_NODE_FLAGS,
 * under Bun (which takes no V8 flags) without. No idle period: the server's default.
 */
export function backgroundLaunchOf(
  cli: string,
  vault: string,
  options: { idleExitMs?: number; onBun?: boolean } = {},
): BackgroundLaunch {
  const onBun = options.onBun ?? (globalThis as { Bun?: unknown }).Bun !== undefined;
  const idle =
    options.idleExitMs === undefined ? [] : ['--idle-exit', String(options.idleExitMs / 1000)];
  return {
    command: process.execPath,
    args: [
      ...(onBun ? [] : BACKGROUND_NODE_FLAGS),
      cli,
      'serve',
      '--vault',
      vault,
      '--background',
      ...idle,
    ],
  };
}

/** How long a relay waits for another relay's start, and for its own server to prove itself. */
const START_WAIT_MS = 30_000;
const POLL_MS = 25;
const LOG_TAIL_CHARS = 600;

/**
 * Null once a proven server of the vault runs (found, or started here); otherwise why not:
 * a token or settings failure, an impostor on the published port, or a start that failed.
 */
export async function ensureBackgroundServer(
  config: BundleConfig,
  launch: BackgroundLaunch,
): Promise<LocalFailure | null> {
  const found = await provenOrWhyNot(config);
  if (found !== 'none') return found;
  const folder = dirname(deviceHomeFor(config).liveServer);
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  const lock = new ProcessLock(join(folder, 'background-start.lock'), {
    waitMs: START_WAIT_MS,
    busy: (pid) => new Error(`process ${pid ?? '?'} is still starting the vault's server`),
  });
  try {
    return await lock.hold(async () => {
      const again = await provenOrWhyNot(config);
      return again === 'none' ? startAndWait(config, launch, join(folder, LOG_FILE)) : again;
    });
  } catch (error) {
    return failure('not_running', error instanceof Error ? error.message : 'start failed');
  }
}

/** Where the background server writes its log (stderr), kept until its next start. */
export const LOG_FILE = 'background-server.log';

/** Null for a proven server, 'none' when none runs, a failure for anything else. */
async function provenOrWhyNot(config: BundleConfig): Promise<LocalFailure | null | 'none'> {
  const endpoint = await provenEndpoint(config);
  if (!isLocalFailure(endpoint)) return null;
  return endpoint.reason === 'not_running' ? 'none' : endpoint;
}

async function startAndWait(
  config: BundleConfig,
  launch: BackgroundLaunch,
  logFile: string,
): Promise<LocalFailure | null> {
  const log = openSync(logFile, 'w', 0o600);
  let exited = false;
  try {
    const child = spawn(launch.command, launch.args, {
      detached: true,
      stdio: ['ignore', 'ignore', log],
      // Claude Desktop's built-in Node is Electron's binary: this makes it run as Node.
      env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' },
      windowsHide: true,
    });
    child.once('exit', () => (exited = true));
    child.once('error', () => (exited = true));
    child.unref();
  } finally {
    closeSync(log);
  }
  const until = Date.now() + START_WAIT_MS;
  for (;;) {
    const found = await provenOrWhyNot(config);
    if (found !== 'none') return found;
    if (exited || Date.now() >= until)
      return failure('not_running', `the background server did not start: ${tail(logFile)}`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

function tail(file: string): string {
  try {
    const text = readFileSync(file, 'utf8').trim();
    return text.length > LOG_TAIL_CHARS ? `…${text.slice(-LOG_TAIL_CHARS)}` : text;
  } catch {
    return 'no log';
  }
}
