/**
 * The background servers `serve --stdio` starts (ADR-0047) are detached: no test holds their
 * process. Tests and benchmarks find them by their command line (`serve --vault <vault>
 * --background`, Linux's /proc) and stop them by pid, whatever happened in the test.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { waitFor } from '@mcp-connector/shared/test-support';

/** The pids of this vault's `serve --background` processes (`vault`: its real path). */
export async function backgroundServersOf(vault: string): Promise<number[]> {
  const pids: number[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const args = await readFile(join('/proc', entry, 'cmdline'), 'utf8').catch(() => '');
    const parts = args.split('\0');
    if (parts.includes('--background') && parts.includes(vault)) pids.push(Number(entry));
  }
  return pids;
}

/**
 * Kills this vault's background servers (SIGKILL, by pid) and waits until they are gone, so the
 * next test finds no live server of the vault in its live-server.json.
 */
export async function stopBackgroundServers(vault: string): Promise<void> {
  const pids = await backgroundServersOf(vault);
  for (const pid of pids) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Gone already.
    }
  }
  await waitFor(() => !pids.some(isRunning), "the vault's background servers to exit");
}

export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
