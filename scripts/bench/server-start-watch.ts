/**
 * Where the first client's time goes (bench:stdio-clients, ADR-0061): watches the vault's device
 * home from the clients' spawn and notes when the relay started the background server (its log
 * file is created then), when the server published its port (live-server.json, written once it
 * listens) and the server's CPU time at that moment, polling every few ms.
 */
import { existsSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { BACKGROUND_LOG_FILE } from '../../packages/obsidian-plugin/src/features/client-config/index.ts';
import { deviceHomeOfVault } from '../../packages/headless/src/serve.ts';
import { cpuMsOf } from './measure.ts';

const POLL_MS = 5;

export interface ServerStart {
  /** ms from the watch's start to the background server's spawn; null when none was started. */
  spawnedMs: number | null;
  /** ms to its port's publication, and the CPU time it had used by then. */
  publishedMs: number | null;
  cpuAtPublishMs: number | null;
  pid: number | null;
}

export interface ServerStartWatch {
  /** Stops polling and says what was seen. */
  stop(): ServerStart;
  /** The server's CPU time now (0 when no server was seen). */
  cpuNowMs(): Promise<number>;
}

/** Call before the clients spawn: the previous server's log and port file are removed first. */
export async function watchServerStart(vault: string): Promise<ServerStartWatch> {
  const liveServer = (await deviceHomeOfVault(vault)).liveServer;
  const log = join(dirname(liveServer), BACKGROUND_LOG_FILE);
  await rm(log, { force: true });
  await rm(liveServer, { force: true });
  const started = performance.now();
  const seen: ServerStart = { spawnedMs: null, publishedMs: null, cpuAtPublishMs: null, pid: null };
  let polling = false;
  const poll = setInterval(() => {
    if (polling || seen.publishedMs !== null) return;
    polling = true;
    void look().finally(() => (polling = false));
  }, POLL_MS);
  async function look(): Promise<void> {
    if (seen.spawnedMs === null && existsSync(log)) seen.spawnedMs = performance.now() - started;
    if (!existsSync(liveServer)) return;
    const at = performance.now() - started;
    const pid = await pidIn(liveServer);
    if (pid === null) return;
    seen.cpuAtPublishMs = await cpuMsOf(pid);
    seen.publishedMs = at;
    seen.pid = pid;
  }
  return {
    stop: () => {
      clearInterval(poll);
      return { ...seen };
    },
    cpuNowMs: () => (seen.pid === null ? Promise.resolve(0) : cpuMsOf(seen.pid)),
  };
}

/** The pid live-server.json names; null while it is being written. */
async function pidIn(liveServer: string): Promise<number | null> {
  try {
    const { pid } = JSON.parse(await readFile(liveServer, 'utf8')) as { pid?: unknown };
    return typeof pid === 'number' ? pid : null;
  } catch {
    return null;
  }
}
