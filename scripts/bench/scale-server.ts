/**
 * The headless server over a generated vault of N notes, as its user waits for it, from outside
 * the process: start to port (a TCP connect succeeds), start to first answer (get_server_info),
 * start to index ready (get_vault_overview answers instead of `index_building`), start to the
 * answer of a search sent the moment the index is ready (a warm start reads the notes' texts
 * after it, and search waits for them), RSS a second after that and again 5 s after the calls
 * (settled), the vault-wide calls and the search once more (the first call,
 * then the median, p95 and slowest of 20 more, and the server's CPU time per call over those),
 * vault-wide search_and_replace dry runs of a common word and of one no note holds (3 more each),
 * and SIGTERM to exit. Run twice: cold (no metadata cache) and warm (a restart
 * over the cache the cold run left). With `hiddenFolders`, those folders are hidden from the
 * client (the settings' hidden folders) in both runs. First, the RSS of a server over an empty vault,
 * idle once its index is ready.
 */
import type { Client } from '@modelcontextprotocol/client';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { createServer, connect as tcpConnect } from 'node:net';
import { join } from 'node:path';
import {
  benchToken,
  benchVault,
  coldStart,
  dropPageCache,
  hideFolders,
  type BenchVault,
} from './bench-vaults.ts';
import { connectClient, timeCalls } from './calls.ts';
import { cpuMsOf, memoryOf, summarize } from './measure.ts';

const POLL_MS = 10;
const REPEATS = 20;
const SEARCH_QUERY = 'garden';
/** Not in the generator's words: like most real replacements, a pattern few notes hold. */
const ABSENT_WORD = 'zebra';
/** A vault-wide dry run reads every note: seconds at 100,000 notes, so fewer repeats. */
const DRY_RUN_REPEATS = 3;
/** How long the server is left alone after the calls before its settled RSS is read. */
const SETTLE_MS = 5000;

/**
 * One vault-wide call: the first time, then `repeats` more (their median, p95 and slowest), and
 * the server's CPU time per call over those (steadier than wall time on a loaded machine).
 */
export interface CallFigures {
  /** Calls after the first, which the median, p95, slowest and CPU figures are of. */
  repeats: number;
  firstMs: number;
  medianMs: number;
  p95Ms: number;
  maxMs: number;
  cpuMsPerCall: number;
}

export interface StartFigures {
  portMs: number;
  firstAnswerMs: number;
  readyMs: number;
  /** Start to the answer of the first search, sent `searchAfterMs` after the index was ready. */
  searchedMs: number;
  /** How long that search took from being sent. */
  firstSearchMs: number;
  searchAfterMs: number;
  /** RSS a second after the first search answered (with a warm start, the texts are in by then). */
  rssMiB: number;
  peakMiB: number;
  /** RSS again after the vault-wide calls, once the server has settled. */
  settledMiB: number;
  calls: Record<string, CallFigures>;
  shutdownMs: number;
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

export function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = tcpConnect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function until<T>(attempt: () => Promise<T | null>, child: ChildProcess): Promise<T> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    const value = await attempt().catch(() => null);
    if (value !== null) return value;
    await pause(POLL_MS);
  }
}

/** A call that succeeded (null while the index is building or the call failed). */
export async function answered(
  client: Client,
  name: string,
  args: Record<string, unknown> = {},
): Promise<true | null> {
  const result = await client.callTool({ name, arguments: args });
  return result.isError === true ? null : true;
}

export async function timeCall(
  client: Client,
  pid: number,
  name: string,
  args: Record<string, unknown>,
  repeats = REPEATS,
): Promise<CallFigures> {
  const call = { name, args };
  const [firstMs = Number.NaN] = await timeCalls(client, call, 1, 0);
  const cpuBefore = await cpuMsOf(pid);
  const samples = await timeCalls(client, call, repeats, 0);
  const cpuMsPerCall = ((await cpuMsOf(pid)) - cpuBefore) / repeats;
  const { p50, p95 } = summarize(samples);
  const maxMs = Math.max(...samples);
  return { repeats, firstMs, medianMs: p50, p95Ms: p95, maxMs, cpuMsPerCall };
}

/**
 * What serves: the CLI from source under Bun (before/after runs of two checkouts), or the built
 * packages/headless/dist/cli.mjs (`bun run build:headless`) under Bun or Node, as a user runs it.
 */
export type ServerCli = 'source' | 'bun' | 'node';

export function serverCliOf(value: string): ServerCli {
  if (value === 'source' || value === 'bun' || value === 'node') return value;
  throw new Error(
    `--cli is source, bun or node (the built packages/headless/dist/cli.mjs under that runtime), not "${value}".`,
  );
}

const BUILT_CLI = 'packages/headless/dist/cli.mjs';

export function serverCommand(codeRoot: string, cli: ServerCli): [string, string] {
  if (cli === 'source') return ['bun', 'packages/headless/src/cli.ts'];
  if (!existsSync(join(codeRoot, BUILT_CLI)))
    throw new Error(`${BUILT_CLI} is missing in ${codeRoot}: run "bun run build:headless" there.`);
  return [cli, BUILT_CLI];
}

/** RSS of a server over an empty vault, SETTLE_MS after its index is ready (issue 43: <= 100 MiB). */
export async function measureIdleEmpty(codeRoot: string, cli: ServerCli): Promise<number> {
  const root = await mkdtemp(join(tmpdir(), 'mcp-bench-empty-'));
  const [runtime, entry] = serverCommand(codeRoot, cli);
  const port = await freePort();
  const token = await benchToken({ root, notes: 0, megabytes: 0 });
  const child = spawn(runtime, [entry, 'serve', '--vault', root, '--port', `${port}`, '--json'], {
    cwd: codeRoot,
    stdio: ['ignore', 'ignore', 'ignore'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    await until(async () => ((await accepts(port)) ? true : null), child);
    const client = await until(() => connectClient(`http://127.0.0.1:${port}/mcp`, token), child);
    await until(() => answered(client, 'get_vault_overview'), child);
    await client.close();
    await pause(SETTLE_MS);
    return (await memoryOf(child.pid as number)).rssMiB;
  } finally {
    child.kill('SIGTERM');
    await exited;
    await rm(root, { recursive: true, force: true });
  }
}

export async function measureStart(
  codeRoot: string,
  vault: BenchVault,
  token: string,
  cli: ServerCli = 'source',
  searchAfterMs = 0,
): Promise<StartFigures> {
  const [runtime, entry] = serverCommand(codeRoot, cli);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/mcp`;
  const started = performance.now();
  const child = spawn(
    runtime,
    [entry, 'serve', '--vault', vault.root, '--port', `${port}`, '--json'],
    { cwd: codeRoot, stdio: ['ignore', 'ignore', 'ignore'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    await until(async () => ((await accepts(port)) ? true : null), child);
    const portMs = performance.now() - started;
    const client = await until(() => connectClient(url, token), child);
    await until(() => answered(client, 'get_server_info'), child);
    const firstAnswerMs = performance.now() - started;
    await until(() => answered(client, 'get_vault_overview'), child);
    const readyMs = performance.now() - started;
    await pause(searchAfterMs);
    const searchSent = performance.now();
    await until(() => answered(client, 'search_vault_simple', { query: SEARCH_QUERY }), child);
    const searchedMs = performance.now() - started;
    const firstSearchMs = performance.now() - searchSent;
    await pause(1000);
    const memory = await memoryOf(child.pid as number);
    const calls: StartFigures['calls'] = {};
    const pid = child.pid as number;
    calls.search_vault_simple = await timeCall(client, pid, 'search_vault_simple', {
      query: SEARCH_QUERY,
    });
    for (const name of ['get_vault_overview', 'list_tags', 'find_broken_links'])
      calls[name] = await timeCall(client, pid, name, {});
    for (const [label, pattern] of [
      ['search_and_replace', SEARCH_QUERY],
      ['search_and_replace of a word no note holds', ABSENT_WORD],
    ] as const)
      calls[label] = await timeCall(
        client,
        pid,
        'search_and_replace',
        { pattern, replacement: 'yard' }, // a dry run: nothing is written
        DRY_RUN_REPEATS,
      );
    await pause(SETTLE_MS);
    const settled = await memoryOf(child.pid as number);
    await client.close();
    const stopAt = performance.now();
    child.kill('SIGTERM');
    await exited;
    return {
      portMs,
      firstAnswerMs,
      readyMs,
      searchedMs,
      firstSearchMs,
      searchAfterMs,
      rssMiB: memory.rssMiB,
      peakMiB: memory.peakMiB,
      settledMiB: settled.rssMiB,
      calls,
      shutdownMs: performance.now() - stopAt,
    };
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
  }
}

export function formatStart(label: string, figures: StartFigures): string {
  const ms = (value: number) => `${value.toFixed(0)} ms`;
  const call = (name: string) => {
    const figure = figures.calls[name];
    return figure === undefined
      ? ''
      : `  ${name}: first ${figure.firstMs.toFixed(1)} ms, then median ${figure.medianMs.toFixed(1)} ms, p95 ${figure.p95Ms.toFixed(1)} ms, max ${figure.maxMs.toFixed(1)} ms (${figure.repeats} calls; server CPU ${figure.cpuMsPerCall.toFixed(1)} ms a call)`;
  };
  return [
    `${label}: port ${ms(figures.portMs)}, first answer ${ms(figures.firstAnswerMs)}, index ready ${ms(figures.readyMs)}, first search (sent ${ms(figures.searchAfterMs)} after) answered ${ms(figures.searchedMs)} taking ${ms(figures.firstSearchMs)}, shutdown ${ms(figures.shutdownMs)}`,
    `  RSS a second after the first search ${figures.rssMiB.toFixed(0)} MiB, settled ${figures.settledMiB.toFixed(0)} MiB (peak ${figures.peakMiB.toFixed(0)} MiB)`,
    ...Object.keys(figures.calls).map(call),
  ].join('\n');
}

/**
 * A cold start and a warm restart over each size. `fromDisk` empties the system's page cache
 * before each, so the notes and the cache are read from the disk, as after a reboot.
 */
export async function scaleRuns(
  codeRoot: string,
  sizes: readonly number[],
  { cli = 'source', searchAfterMs = 0, fromDisk = false, hiddenFolders = [] }: ScaleOptions = {},
): Promise<void> {
  if (sizes.length > 0)
    console.log(
      `\nempty vault: RSS ${(await measureIdleEmpty(codeRoot, cli)).toFixed(0)} MiB idle`,
    );
  for (const notes of sizes) {
    const vault = await benchVault(notes);
    const token = await benchToken(vault);
    await hideFolders(vault, hiddenFolders);
    const hidden = hiddenFolders.length === 0 ? '' : `, hidden: ${hiddenFolders.join(', ')}`;
    console.log(`\n${notes} generated notes (${vault.megabytes.toFixed(0)} MB${hidden})`);
    await coldStart(vault);
    for (const label of ['cold start', 'warm restart']) {
      if (fromDisk) await dropPageCache();
      const figures = await measureStart(codeRoot, vault, token, cli, searchAfterMs);
      console.log(formatStart(fromDisk ? `${label} from the disk` : label, figures));
    }
  }
}

export interface ScaleOptions {
  cli?: ServerCli;
  searchAfterMs?: number;
  fromDisk?: boolean;
  /** Folders hidden from the client, as a user hides them in the settings. */
  hiddenFolders?: readonly string[];
}
