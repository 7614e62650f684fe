/**
 * The processes that serve one stdio client, read from /proc (Linux): the child the client
 * spawned, its descendants, and a detached server it may have started for the vault (a relay's
 * background server is no descendant: it names the vault on its command line and started after
 * the client did). The benchmark sums their memory and stops them between starts.
 */
import { readFile, readdir } from 'node:fs/promises';

interface ProcessInfo {
  pid: number;
  parent: number;
  /** Start time in ms since the epoch. */
  startedAt: number;
  commandLine: string;
}

const CLOCK_TICKS_PER_SECOND = 100;

async function bootTimeMs(): Promise<number> {
  const stat = await readFile('/proc/stat', 'utf8');
  return Number(/^btime (\d+)/m.exec(stat)?.[1] ?? 0) * 1000;
}

async function processInfo(pid: number, bootMs: number): Promise<ProcessInfo | null> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const commandLine = (await readFile(`/proc/${pid}/cmdline`, 'utf8')).replaceAll('\0', ' ');
    return {
      pid,
      parent: Number(fields[1]),
      startedAt: bootMs + (Number(fields[19]) * 1000) / CLOCK_TICKS_PER_SECOND,
      commandLine,
    };
  } catch {
    return null; // it exited while we looked
  }
}

async function allProcesses(): Promise<ProcessInfo[]> {
  const bootMs = await bootTimeMs();
  const pids = (await readdir('/proc')).filter((name) => /^\d+$/.test(name)).map(Number);
  const infos = await Promise.all(pids.map((pid) => processInfo(pid, bootMs)));
  return infos.filter((info): info is ProcessInfo => info !== null);
}

/**
 * `root` and its descendants, and every other process started at or after `sinceMs` (less a
 * clock tick) whose command line names `vault` and `serve`.
 */
export async function processesServing(
  root: number,
  vault: string,
  sinceMs: number,
): Promise<number[]> {
  const processes = await allProcesses();
  const members = new Set([root]);
  for (let grew = true; grew;) {
    grew = false;
    for (const info of processes)
      if (!members.has(info.pid) && members.has(info.parent)) {
        members.add(info.pid);
        grew = true;
      }
  }
  for (const info of processes)
    if (
      info.startedAt >= sinceMs - 1000 / CLOCK_TICKS_PER_SECOND &&
      info.commandLine.includes(vault) &&
      info.commandLine.includes(' serve')
    )
      members.add(info.pid);
  return [...members];
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** SIGTERM to each, then SIGKILL to whatever still runs after `graceMs`. */
export async function stopProcesses(pids: readonly number[], graceMs = 3000): Promise<void> {
  for (const pid of pids) if (alive(pid)) process.kill(pid, 'SIGTERM');
  const deadline = performance.now() + graceMs;
  while (pids.some(alive) && performance.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 50));
  for (const pid of pids) if (alive(pid)) process.kill(pid, 'SIGKILL');
}
