/**
 * The server's side of live-server.json (docs/architecture/ADR-0009-live-server-file-and-stdio-shim.md): written
 * beside data.json once the transport has bound its port, removed when it stops, so a stdio
 * shim, the Python bridge and `connect` find the live port without data.json changing. Removal
 * only deletes the file this process wrote, never another server's.
 */
import { writeFileAtomic } from '@mcp-connector/shared';
import { rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { LIVE_SERVER_FILE, readLiveServer, type LiveServer } from '../shim/vault-files.ts';

export async function publishLiveServer(settingsPath: string, port: number, host: string) {
  const record: LiveServer = { port, pid: process.pid, host, startedAt: new Date().toISOString() };
  await writeFileAtomic(liveServerPath(settingsPath), `${JSON.stringify(record, null, 2)}\n`);
}

export async function withdrawLiveServer(settingsPath: string, port: number): Promise<void> {
  const live = await liveServerBeside(settingsPath);
  if (live?.pid === process.pid && live.port === port)
    await rm(liveServerPath(settingsPath), { force: true });
}

/** The server running beside these settings, or null. */
export function liveServerBeside(settingsPath: string): Promise<LiveServer | null> {
  return readLiveServer(dirname(settingsPath));
}

function liveServerPath(settingsPath: string): string {
  return join(dirname(settingsPath), LIVE_SERVER_FILE);
}
