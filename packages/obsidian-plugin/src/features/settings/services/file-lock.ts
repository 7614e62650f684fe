/**
 * A lock file beside a file several processes change (data.json, the device's secrets and usage):
 * a ProcessLock, so the plugin, headless servers and the tokens CLI (separate processes) never
 * interleave a read-modify-write. A lock whose process is gone is
 * taken over at once; a live holder is waited for up to GIVE_UP_MS.
 */
import { ProcessLock } from '@mcp-connector/shared';
import { mkdir } from 'node:fs/promises';
import { basename, dirname } from 'node:path';

const GIVE_UP_MS = 5_000;

export async function withFileLock<T>(lockPath: string, section: () => Promise<T>): Promise<T> {
  await mkdir(dirname(lockPath), { recursive: true });
  return new ProcessLock(lockPath, { waitMs: GIVE_UP_MS, busy: busyOf(lockPath) }).hold(section);
}

function busyOf(lockPath: string) {
  const file = basename(lockPath, '.lock');
  return (holderPid: number | null): Error => {
    const who = holderPid === null ? 'another process' : `process ${holderPid}`;
    return new Error(
      `${file} is being changed by ${who}; try again in a moment. If no Local MCP Server or command runs on this vault, delete ${basename(lockPath)} (${lockPath}).`,
    );
  };
}
