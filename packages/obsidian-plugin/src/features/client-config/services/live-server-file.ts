/**
 * The server's side of live-server.json (docs/architecture/ADR-0009-live-server-file-and-stdio-shim.md):
 * the one file in the vault's device home (ADR-0033: never in the vault, so another computer's
 * record never syncs here) that says which server serves this vault on this device. It is the live port
 * for the stdio shim, the Python bridge, `connect` and the doctor, and the single-server lock:
 *
 * - A headless server claims it before anything else (`claimLiveServer`): created exclusively,
 *   `port: null` until it listens; a live holder (plugin or headless) refuses it, naming the
 *   holder's port; a file whose process is gone is taken over.
 * - The plugin is preferred: when it publishes over another live server's record, it keeps that
 *   record under `displaced` and puts it back when it stops. A headless server never overwrites
 *   a live plugin's record.
 * - Withdrawing only touches the file while it is still this process's own.
 */
import {
  createExclusively,
  isOlderThan,
  processIsAlive,
  readTextIfExists,
  replaceStale,
  writeFileAtomic,
} from '@mcp-connector/shared';
import { isProofKey } from '@mcp-connector/shared/server-proof';
import { mkdir, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { LiveServer } from '../shim/vault-files.ts';

/** The host kind (VaultHost.kind) whose server is preferred when two serve one vault (ADR-0009). */
export const PREFERRED_HOST = 'plugin';

/** An unreadable live-server.json or takeover guard this old was left by a crash. */
const STALE_AFTER_MS = 10_000;

/** live-server.json as written: `port` is null while a claiming server starts. */
export interface LiveServerRecord extends Omit<LiveServer, 'port'> {
  port: number | null;
  /** The server this one took the file from (the plugin over headless), restored on stop. */
  displaced?: LiveServerRecord;
}

export interface LiveServerClaim {
  /** Removes the file if it is still this process's own (nothing once the server withdrew). */
  release(): Promise<void>;
}

/** Takes the vault for a headless server, or throws naming the server that holds it. */
export async function claimLiveServer(path: string, host: string): Promise<LiveServerClaim> {
  await mkdir(dirname(path), { recursive: true });
  const mine = serialise(recordOf(null, host));
  const claimed = { release: () => withdraw(path, null) };
  for (let attempt = 0; attempt < 5; attempt++) {
    if (createExclusively(path, mine)) return claimed;
    const text = readTextIfExists(path);
    if (text === null) continue;
    const holder = recordFrom(text);
    if (holder !== null && processIsAlive(holder.pid)) throw alreadyServing(holder);
    // Unreadable and recent: a server that is starting may still be writing it.
    if (holder === null && !isOlderThan(path, STALE_AFTER_MS)) continue;
    if (replaceStale(path, text, mine, STALE_AFTER_MS)) return claimed;
  }
  throw new Error(
    'Could not claim live-server.json: another server is starting on this vault. Try again in a moment.',
  );
}

/** Written once the transport listens; see the header for who may overwrite whom. */
export async function publishLiveServer(
  path: string,
  port: number,
  host: string,
  proofKey: string,
) {
  const current = recordFrom(readTextIfExists(path) ?? '');
  const own = current?.pid === process.pid;
  const other = current !== null && !own && processIsAlive(current.pid) ? current : null;
  if (other !== null && host !== PREFERRED_HOST) return;
  const displaced = other ?? (own ? current?.displaced : undefined);
  const record: LiveServerRecord = {
    ...recordOf(port, host),
    proofKey,
    ...(displaced !== undefined && { displaced: withoutDisplaced(displaced) }),
  };
  await writeFileAtomic(path, serialise(record), undefined, 0o600);
}

export function withdrawLiveServer(path: string, port: number): Promise<void> {
  return withdraw(path, port);
}

/** Removes this process's record (of that port, unless null), or puts back the one it displaced. */
async function withdraw(path: string, port: number | null): Promise<void> {
  const current = recordFrom(readTextIfExists(path) ?? '');
  if (current?.pid !== process.pid || (port !== null && current.port !== port)) return;
  const back = current.displaced;
  if (back !== undefined && processIsAlive(back.pid))
    await writeFileAtomic(path, serialise(back), undefined, 0o600);
  else await rm(path, { force: true });
}

function recordOf(port: number | null, host: string): LiveServerRecord {
  return { port, pid: process.pid, host, startedAt: new Date().toISOString(), proofKey: null };
}

function serialise(record: LiveServerRecord): string {
  return `${JSON.stringify(record, null, 2)}\n`;
}

/** Any record with a pid: the readers' check (a port to connect to) does not apply to a claim. */
function recordFrom(text: string): LiveServerRecord | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  const record = recordOfValue(value);
  const displaced = recordOfValue((value as { displaced?: unknown } | null)?.displaced);
  return record === null ? null : { ...record, ...(displaced !== null && { displaced }) };
}

function recordOfValue(value: unknown): LiveServerRecord | null {
  if (typeof value !== 'object' || value === null) return null;
  const { pid, port, host, startedAt, proofKey } = value as Record<string, unknown>;
  if (!Number.isInteger(pid)) return null;
  return {
    pid: pid as number,
    port: Number.isInteger(port) ? (port as number) : null,
    host: typeof host === 'string' ? host : 'unknown',
    startedAt: typeof startedAt === 'string' ? startedAt : '',
    proofKey: isProofKey(proofKey) ? proofKey : null,
  };
}

function withoutDisplaced(record: LiveServerRecord): LiveServerRecord {
  const { pid, port, host, startedAt, proofKey } = record;
  return { pid, port, host, startedAt, proofKey };
}

function alreadyServing(holder: LiveServerRecord): Error {
  const who =
    holder.host === PREFERRED_HOST
      ? `Local MCP Server in Obsidian (process ${holder.pid})`
      : `Another Local MCP Server (process ${holder.pid})`;
  const where =
    holder.port === null
      ? 'and is still starting'
      : `on port ${holder.port} (http://127.0.0.1:${holder.port}/mcp)`;
  const fix =
    holder.host === PREFERRED_HOST
      ? 'Connect your client to it, or close the vault in Obsidian first.'
      : 'Connect your client to it, or stop it first.';
  return new Error(
    `${who} is already serving this vault ${where}. ${fix} If process ${holder.pid} is not Local MCP Server, delete this device's live-server.json of the vault (the doctor names it).`,
  );
}
