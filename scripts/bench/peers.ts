/**
 * `bun run bench:peers`: ours and the two npm servers people pick instead (obsidian-mcp,
 * mcp-obsidian; peer-servers.ts), all over stdio through the official MCP client, on the same
 * generated vaults, in interleaved rounds; prints issue 43's table with ours/peer in each cell.
 *
 *   bun run bench:peers [-- --notes 10000,100000] [--rounds 3] [--ours-cli node|bun|source]
 *     [--peer-runtime node|bun] [--code DIR]
 *
 * Per round and server (the order rotates each round): a cold start (our metadata cache removed;
 * the peers keep nothing between starts) timed from spawn to tools/list answered; then a warm
 * start timed the same way, its RSS at ready (ours: when get_vault_overview answers, the index
 * built; a peer: at tools/list) summed over every process serving the client (the stdio child,
 * its children, and a background server it started for the vault), and one search of a word a
 * single note holds (a content search; "(none)" for a server without one). `--ours-cli` is the
 * process kind ours runs as (the built CLI under Node by default: `bun run build:headless`).
 */
import { Client, type StandardSchemaV1 } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { benchToken, benchVault, coldStart, type BenchVault } from './bench-vaults.ts';
import { installPeers, ourSide, peerSides, type StdioSide } from './peer-servers.ts';
import { peersTable, type PeerColumn, type PeerFigures } from './peers-table.ts';
import { memoryOf } from './measure.ts';
import { processesServing, stopProcesses } from './process-tree.ts';
import type { ServerCli } from './scale-server.ts';

const { values: options } = parseArgs({
  options: {
    notes: { type: 'string', default: '10000,100000' },
    rounds: { type: 'string', default: '3' },
    'ours-cli': { type: 'string', default: 'node' },
    'peer-runtime': { type: 'string' },
    code: { type: 'string' },
  },
});
const ROOT = new URL('../..', import.meta.url).pathname;
const ROUNDS = Number(options.rounds);
/** Long enough for a peer that reads every note of a 100,000-note vault per search. */
const CALL_TIMEOUT_MS = 600_000;
const READY_POLL_MS = 50;
/**
 * tools/list is timed to its answer, checked loosely: mcp-obsidian's input schemas lack
 * `"type": "object"`, which the client's own listTools refuses.
 */
const TOOLS_LISTED: StandardSchemaV1<unknown, { tools: unknown[] }> = {
  '~standard': {
    version: 1,
    vendor: 'bench-peers',
    validate: (value) =>
      Array.isArray((value as { tools?: unknown } | null)?.tools)
        ? { value: value as { tools: unknown[] } }
        : { issues: [{ message: 'tools/list answered without a tools array' }] },
  },
};
/** After a cold ready, the time ours takes to write its cache (scale-server.ts waits as long). */
const SETTLE_MS = 5000;

function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

interface Started {
  client: Client;
  pid: number;
  spawnToListMs: number;
  close(): Promise<void>;
}

async function start(side: StdioSide): Promise<Started> {
  const transport = new StdioClientTransport({
    command: side.command,
    args: side.args,
    ...(side.cwd === undefined ? {} : { cwd: side.cwd }),
    env: { ...(process.env as Record<string, string>) },
    stderr: 'pipe',
  });
  let log = '';
  transport.stderr?.on(
    'data',
    (chunk: Buffer) => (log = (log + chunk.toString('utf8')).slice(-4000)),
  );
  const client = new Client({ name: 'bench-peers', version: '1.0.0' });
  const started = performance.now();
  try {
    await client.connect(transport, { timeout: CALL_TIMEOUT_MS });
    await client.request({ method: 'tools/list', params: {} }, TOOLS_LISTED, {
      timeout: CALL_TIMEOUT_MS,
    });
  } catch (error) {
    await client.close();
    throw new Error(`${side.name} did not answer tools/list: ${String(error)}\n${log}`);
  }
  const spawnToListMs = performance.now() - started;
  const pid = transport.pid;
  if (pid === null) throw new Error(`${side.name} has no process.`);
  return { client, pid, spawnToListMs, close: () => client.close() };
}

async function untilReady(side: StdioSide, client: Client): Promise<void> {
  if (side.readyCall === undefined) return;
  for (;;) {
    const result = await client.callTool(side.readyCall, { timeout: CALL_TIMEOUT_MS });
    if (result.isError !== true) return;
    await pause(READY_POLL_MS);
  }
}

/** Starts, measures and stops one server, leaving no process of it behind. */
async function measured<T>(
  side: StdioSide,
  vault: BenchVault,
  work: (running: Started) => Promise<T>,
): Promise<T> {
  const since = Date.now();
  const running = await start(side);
  try {
    return await work(running);
  } finally {
    const serving = await processesServing(running.pid, vault.root, since);
    await running.close();
    await stopProcesses(serving);
  }
}

async function rssMiB(pid: number, vault: BenchVault, since: number): Promise<number> {
  let total = 0;
  for (const member of await processesServing(pid, vault.root, since))
    total += (await memoryOf(member).catch(() => ({ rssMiB: 0 }))).rssMiB;
  return total;
}

async function measureSide(
  side: StdioSide,
  vault: BenchVault,
  ours: boolean,
): Promise<PeerFigures> {
  if (ours) await coldStart(vault);
  // The cold start runs to ready and settles, so it leaves the cache the warm start reads.
  const listColdMs = await measured(side, vault, async (running) => {
    await untilReady(side, running.client);
    if (side.readyCall !== undefined) await pause(SETTLE_MS);
    return running.spawnToListMs;
  });
  const since = Date.now();
  return measured(side, vault, async (running) => {
    await untilReady(side, running.client);
    const figures: PeerFigures = {
      listColdMs,
      listWarmMs: running.spawnToListMs,
      rssMiB: await rssMiB(running.pid, vault, since),
    };
    if (side.search !== undefined) {
      const sent = performance.now();
      const result = await running.client.callTool(side.search(rareWord(vault)), {
        timeout: CALL_TIMEOUT_MS,
      });
      if (result.isError === true) throw new Error(`${side.name}'s search failed.`);
      figures.searchMs = performance.now() - sent;
    }
    return figures;
  });
}

/** The block id of one note near the end (generate-vault.ts writes `^block<index>` once each). */
function rareWord(vault: BenchVault): string {
  return `block${vault.notes - 3}`;
}

function load(): string {
  return loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
}

async function benchAt(notes: number): Promise<void> {
  const vault = await benchVault(notes);
  await benchToken(vault); // the token labelled "bench", which `serve --stdio --token bench` names
  const ours = ourSide(options.code ?? ROOT, options['ours-cli'] as ServerCli, vault.root, 'bench');
  const runtime = options['peer-runtime'] as 'node' | 'bun' | undefined;
  const sides = [ours, ...peerSides(vault.root, runtime)];
  const rounds = new Map<StdioSide, PeerFigures[]>(sides.map((side) => [side, []]));
  console.log(`\n${notes} notes (${vault.megabytes.toFixed(0)} MiB) in ${vault.root}`);
  for (let round = 0; round < ROUNDS; round++) {
    const order = sides.map((_, index) => sides[(index + round) % sides.length] as StdioSide);
    for (const side of order) {
      rounds.get(side)?.push(await measureSide(side, vault, side === ours));
      console.log(`round ${round + 1}: ${side.name} measured (load average ${load()})`);
    }
  }
  const column = (side: StdioSide): PeerColumn => ({
    name: side.name,
    rounds: rounds.get(side) ?? [],
  });
  const title = `${notes.toLocaleString('en-US')} notes (${vault.megabytes.toFixed(0)} MiB)`;
  console.log(`\n${peersTable(title, column(ours), sides.slice(1).map(column))}`);
}

installPeers();
const nodeVersion = spawnSync('node', ['--version'], { encoding: 'utf8' }).stdout.trim();
console.log(`${ROUNDS} rounds; node on PATH ${nodeVersion}; load average ${load()}`);
for (const notes of options.notes.split(',').map(Number)) await benchAt(notes);
console.log(`\nload average at the end: ${load()}`);
