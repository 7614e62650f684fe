/**
 * What a user of a big vault meets on a warm restart (ADR-0044), measured from outside the
 * headless server over a generated vault of N notes whose metadata cache is current, for
 * `bench:warm` and `bench:server`:
 * - start to index ready (get_vault_overview answers), untouched and with one note changed on
 *   disk since the last run, and their ratio (the median of `rounds` each, interleaved);
 * - the server's CPU time in the 10 s after ready, no call made (untouched starts);
 * - once the server is idle, get_backlinks of one note and list_vault_files of a folder holding a
 *   tenth of the notes (10,000 entries at 100,000 notes), beside get_server_info (what any call
 *   costs): the first call, then the median of 20 more and the server's CPU per call;
 * - the first append_to_vault_file sent the moment the index is ready, then the first
 *   create_vault_file, and the first get_backlinks on another start, each with the server's CPU.
 * The notes it changes get their generated text back at the end, and the note it creates goes.
 */
import type { Client } from '@modelcontextprotocol/client';
import { spawn, type ChildProcess } from 'node:child_process';
import { readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { benchToken, benchVault, hideFolders, type BenchVault } from './bench-vaults.ts';
import { connectClient, timeCalls } from './calls.ts';
import { cpuMsOf, summarize } from './measure.ts';
import {
  accepts,
  answered,
  freePort,
  pause,
  serverCommand,
  timeCall,
  until,
  type ServerCli,
} from './scale-server.ts';

const REPEATS = 20;
const IDLE_WINDOW_MS = 10_000;
/** A tenth of the generated notes (generate-vault.ts puts note i in folder i % 10). */
const BIG_FOLDER = 'Meetings';
const LINKED_NOTE = 'Meetings/Note 12.md';
const CHANGED_NOTE = 'Ideas/Note 6.md';
const APPENDED_NOTE = 'People/Note 7.md';
const CREATED_NOTE = 'People/Created by the benchmark.md';

interface Server {
  child: ChildProcess;
  client: Client;
  readyMs: number;
  /** The server's CPU time from its start to ready (steadier than wall time on a loaded machine). */
  readyCpuMs: number;
}

interface Code {
  root: string;
  cli: ServerCli;
}

async function start(code: Code, vault: BenchVault, token: string): Promise<Server> {
  const [runtime, entry] = serverCommand(code.root, code.cli);
  const port = await freePort();
  const started = performance.now();
  const child = spawn(
    runtime,
    [entry, 'serve', '--vault', vault.root, '--port', `${port}`, '--json'],
    { cwd: code.root, stdio: ['ignore', 'ignore', 'ignore'] },
  );
  await until(async () => ((await accepts(port)) ? true : null), child);
  const client = await until(() => connectClient(`http://127.0.0.1:${port}/mcp`, token), child);
  await until(() => answered(client, 'get_vault_overview'), child);
  const readyMs = performance.now() - started;
  return { child, client, readyMs, readyCpuMs: await cpuMsOf(child.pid as number) };
}

async function stop(server: Server): Promise<void> {
  await server.client.close();
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGTERM');
  await exited;
}

/** Waits until the server used under 20 ms of CPU in half a second: its start's work is done. */
async function settled(pid: number): Promise<void> {
  let before = await cpuMsOf(pid);
  for (;;) {
    await pause(500);
    const now = await cpuMsOf(pid);
    if (now - before < 20) return;
    before = now;
  }
}

async function cpuAfterReady(server: Server): Promise<number> {
  const pid = server.child.pid as number;
  const before = await cpuMsOf(pid);
  await pause(IDLE_WINDOW_MS);
  return (await cpuMsOf(pid)) - before;
}

async function callFigures(
  server: Server,
  name: string,
  args: Record<string, unknown>,
): Promise<string> {
  const figures = await timeCall(server.client, server.child.pid as number, name, args, REPEATS);
  return `first ${figures.firstMs.toFixed(1)} ms, then median ${figures.medianMs.toFixed(2)} ms (${REPEATS} calls; server CPU ${figures.cpuMsPerCall.toFixed(1)} ms a call)`;
}

/** Changes a note on disk as an editor would (new text, new mtime). */
async function touchNote(vault: BenchVault, path: string, round: number): Promise<void> {
  const absolute = join(vault.root, path);
  await writeFile(absolute, `${await readFile(absolute, 'utf8')}\nEdited between runs ${round}.\n`);
  const later = new Date(Date.now() + 1000 * (round + 1));
  await utimes(absolute, later, later);
}

const median = (values: number[]) => summarize(values).p50;

/** One call sent the moment before, with the server's CPU while it ran. */
async function firstCall(server: Server, name: string, args: Record<string, unknown>) {
  const pid = server.child.pid as number;
  const before = await cpuMsOf(pid);
  const [ms = Number.NaN] = await timeCalls(server.client, { name, args }, 1, 0);
  return `${ms.toFixed(1)} ms (server CPU meanwhile ${((await cpuMsOf(pid)) - before).toFixed(0)} ms)`;
}

/** Prints the warm-restart figures of a generated vault of `notes` notes. */
export async function warmRestarts(
  notes: number,
  rounds: number,
  code: Code = { root: new URL('../..', import.meta.url).pathname, cli: 'source' },
): Promise<void> {
  const vault = await benchVault(notes);
  const token = await benchToken(vault);
  await hideFolders(vault, []);
  const originals = new Map<string, string>();
  for (const path of [CHANGED_NOTE, APPENDED_NOTE])
    originals.set(path, await readFile(join(vault.root, path), 'utf8'));
  console.log(`${notes} generated notes (${vault.megabytes.toFixed(0)} MB), warm restarts`);
  try {
    const prime = await start(code, vault, token); // makes the metadata cache current
    await settled(prime.child.pid as number);
    await stop(prime);
    const untouched: number[] = [];
    const changed: number[] = [];
    const untouchedCpu: number[] = [];
    const changedCpu: number[] = [];
    const cpu: number[] = [];
    for (let round = 0; round < rounds; round++) {
      const plain = await start(code, vault, token);
      untouched.push(plain.readyMs);
      untouchedCpu.push(plain.readyCpuMs);
      cpu.push(await cpuAfterReady(plain));
      await settled(plain.child.pid as number); // the calls' CPU is theirs alone
      if (round === 0) {
        console.log(
          `get_server_info (the floor of a call): ${await callFigures(plain, 'get_server_info', {})}`,
        );
        console.log(
          `get_backlinks (${LINKED_NOTE}): ${await callFigures(plain, 'get_backlinks', { path: LINKED_NOTE })}`,
        );
        console.log(
          `list_vault_files (${BIG_FOLDER}, ${notes / 10} entries): ${await callFigures(plain, 'list_vault_files', { directory: BIG_FOLDER })}`,
        );
      }
      await settled(plain.child.pid as number);
      await stop(plain);
      await touchNote(vault, CHANGED_NOTE, round);
      const edited = await start(code, vault, token);
      changed.push(edited.readyMs);
      changedCpu.push(edited.readyCpuMs);
      await settled(edited.child.pid as number); // its cache is current again for the next round
      await stop(edited);
    }
    const linking = await start(code, vault, token);
    const backlinks = await firstCall(linking, 'get_backlinks', { path: LINKED_NOTE });
    await settled(linking.child.pid as number);
    await stop(linking);
    const appending = await start(code, vault, token);
    const append = await firstCall(appending, 'append_to_vault_file', {
      path: APPENDED_NOTE,
      content: 'Appended.',
    });
    const create = await firstCall(appending, 'create_vault_file', {
      path: CREATED_NOTE,
      content: 'Links to [[Note 12]].',
    });
    await settled(appending.child.pid as number);
    await stop(appending);
    const ms = (values: number[]) => values.map((value) => value.toFixed(0)).join(', ');
    console.log(
      `warm ready, untouched: median ${median(untouched).toFixed(0)} ms (${ms(untouched)})`,
    );
    console.log(
      `warm ready, one note changed: median ${median(changed).toFixed(0)} ms (${ms(changed)})`,
    );
    console.log(`ratio changed / untouched: ${(median(changed) / median(untouched)).toFixed(2)}`);
    console.log(
      `server CPU to ready, untouched: median ${median(untouchedCpu).toFixed(0)} ms (${ms(untouchedCpu)})`,
    );
    console.log(
      `server CPU to ready, one note changed: median ${median(changedCpu).toFixed(0)} ms (${ms(changedCpu)})`,
    );
    console.log(`ratio of CPU to ready: ${(median(changedCpu) / median(untouchedCpu)).toFixed(2)}`);
    console.log(
      `CPU in the 10 s after ready (untouched): median ${median(cpu).toFixed(0)} ms (${ms(cpu)})`,
    );
    console.log(`first get_backlinks after a warm ready: ${backlinks}`);
    console.log(`first append after ready: ${append}`);
    console.log(`first note created after ready (after that append): ${create}`);
  } finally {
    for (const [path, text] of originals) await writeFile(join(vault.root, path), text);
    await rm(join(vault.root, CREATED_NOTE), { force: true });
  }
}
