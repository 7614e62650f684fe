/**
 * `bun run bench:warm`: what a user of a big vault meets on a warm restart (ADR-0044), from
 * outside the headless server over a generated vault of N notes whose metadata cache is current:
 * - start to index ready (get_vault_overview answers), untouched and with one note changed on
 *   disk since the last run, and their ratio (the median of `--rounds` each, interleaved);
 * - the server's CPU time in the 10 s after ready, no call made (untouched starts);
 * - once the server is idle, get_backlinks of one note and list_vault_files of a folder holding a
 *   tenth of the notes (10,000 entries at 100,000 notes), beside get_server_info (what any call
 *   costs): the first call, then the median of 20 more and the server's CPU per call;
 * - the first append_to_vault_file sent the moment the index is ready.
 * The notes it changes get their generated text back at the end.
 *
 *   bun run bench:warm [-- --notes 20000] [--rounds 3] [--code DIR]
 */
import type { Client } from '@modelcontextprotocol/client';
import { spawn, type ChildProcess } from 'node:child_process';
import { readFile, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
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
} from './scale-server.ts';

const { values: options } = parseArgs({
  options: {
    notes: { type: 'string', default: '20000' },
    rounds: { type: 'string', default: '3' },
    code: { type: 'string' },
    help: { type: 'boolean', default: false },
  },
});
const USAGE = `bun run bench:warm [-- --notes 20000] [--rounds 3] [--code DIR]
The header of scripts/bench/warm-answers.ts says what it measures.`;
const ROOT = options.code ?? new URL('../..', import.meta.url).pathname;
const REPEATS = 20;
const IDLE_WINDOW_MS = 10_000;
/** A tenth of the generated notes (generate-vault.ts puts note i in folder i % 10). */
const BIG_FOLDER = 'Meetings';
const LINKED_NOTE = 'Meetings/Note 12.md';
const CHANGED_NOTE = 'Ideas/Note 6.md';
const APPENDED_NOTE = 'People/Note 7.md';

interface Server {
  child: ChildProcess;
  client: Client;
  readyMs: number;
  /** The server's CPU time from its start to ready (steadier than wall time on a loaded machine). */
  readyCpuMs: number;
}

async function start(vault: BenchVault, token: string): Promise<Server> {
  const [runtime, entry] = serverCommand(ROOT, 'source');
  const port = await freePort();
  const started = performance.now();
  const child = spawn(
    runtime,
    [entry, 'serve', '--vault', vault.root, '--port', `${port}`, '--json'],
    { cwd: ROOT, stdio: ['ignore', 'ignore', 'ignore'] },
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

async function main(): Promise<void> {
  if (options.help) {
    console.log(USAGE);
    return;
  }
  const notes = Number(options.notes);
  const rounds = Number(options.rounds);
  const vault = await benchVault(notes);
  const token = await benchToken(vault);
  await hideFolders(vault, []);
  const originals = new Map<string, string>();
  for (const path of [CHANGED_NOTE, APPENDED_NOTE])
    originals.set(path, await readFile(join(vault.root, path), 'utf8'));
  console.log(`${notes} generated notes (${vault.megabytes.toFixed(0)} MB), warm restarts`);
  try {
    const prime = await start(vault, token); // makes the metadata cache current
    await settled(prime.child.pid as number);
    await stop(prime);
    const untouched: number[] = [];
    const changed: number[] = [];
    const untouchedCpu: number[] = [];
    const changedCpu: number[] = [];
    const cpu: number[] = [];
    for (let round = 0; round < rounds; round++) {
      const plain = await start(vault, token);
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
      const edited = await start(vault, token);
      changed.push(edited.readyMs);
      changedCpu.push(edited.readyCpuMs);
      await settled(edited.child.pid as number); // its cache is current again for the next round
      await stop(edited);
    }
    const appending = await start(vault, token);
    const [appendMs = Number.NaN] = await timeCalls(
      appending.client,
      { name: 'append_to_vault_file', args: { path: APPENDED_NOTE, content: 'Appended.' } },
      1,
      0,
    );
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
    console.log(`first append after ready: ${appendMs.toFixed(1)} ms`);
  } finally {
    for (const [path, text] of originals) await writeFile(join(vault.root, path), text);
  }
}

await main();
