/**
 * `bun run bench:cold`: a cold start of the built CLI under Node (no metadata cache), spawn to
 * index ready (get_vault_overview answers), with the server's CPU time at ready: the whole
 * process's and its main thread's (what the build's parallelism cannot hide on 2 cores).
 * `--notes N` (default 100000), `--rounds R` (default 3), `--code DIR` (another checkout's built
 * CLI, for before/after pairs run back to back), `--cpu-prof DIR` (Node's CPU profiles there).
 */
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { benchToken, benchVault, coldStart } from './bench-vaults.ts';
import { connectClient } from './calls.ts';
import { cpuMsOf } from './measure.ts';
import { accepts, answered, freePort, serverCommand, until } from './scale-server.ts';

/** CPU time of one thread (the main thread's id is the process's), in ms. */
async function threadCpuMs(pid: number, tid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/task/${tid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

interface ColdFigures {
  readyMs: number;
  cpuMs: number;
  mainCpuMs: number;
  load: number;
}

async function coldRun(
  codeRoot: string,
  notes: number,
  profileDir: string | undefined,
): Promise<ColdFigures> {
  const vault = await benchVault(notes);
  const token = await benchToken(vault);
  await coldStart(vault);
  const [runtime, entry] = serverCommand(codeRoot, 'node');
  const port = await freePort();
  const profile = profileDir === undefined ? [] : ['--cpu-prof', '--cpu-prof-dir', profileDir];
  const load = loadavg()[0] as number;
  const started = performance.now();
  const child = spawn(
    runtime,
    [...profile, entry, 'serve', '--vault', vault.root, '--port', `${port}`, '--json'],
    { cwd: codeRoot, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const pid = child.pid as number;
  try {
    await until(async () => ((await accepts(port)) ? true : null), child);
    const client = await until(() => connectClient(`http://127.0.0.1:${port}/mcp`, token), child);
    await until(() => answered(client, 'get_vault_overview'), child);
    const readyMs = performance.now() - started;
    const [cpuMs, mainCpuMs] = await Promise.all([cpuMsOf(pid), threadCpuMs(pid, pid)]);
    await client.close();
    child.kill('SIGINT'); // Node writes the CPU profile on a clean exit
    await exited;
    return { readyMs, cpuMs, mainCpuMs, load };
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
  }
}

const { values } = parseArgs({
  options: {
    notes: { type: 'string', default: '100000' },
    rounds: { type: 'string', default: '3' },
    code: { type: 'string', default: process.cwd() },
    'cpu-prof': { type: 'string' },
  },
});
for (let round = 0; round < Number(values.rounds); round++) {
  const figures = await coldRun(values.code, Number(values.notes), values['cpu-prof']);
  console.log(
    `${values.notes} notes cold: ready ${figures.readyMs.toFixed(0)} ms, server CPU ${figures.cpuMs.toFixed(0)} ms (main thread ${figures.mainCpuMs.toFixed(0)} ms), load ${figures.load.toFixed(1)}`,
  );
}
