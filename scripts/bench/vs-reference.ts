/**
 * `bun run bench:vs-reference -- --reference DIR`: our headless server and the reference
 * connector's MCP service side by side, measured the same way with the official MCP client.
 * DIR is a checkout of the reference with its dependencies installed (docs/performance.md says
 * how to get one); its service runs over its own Obsidian mocks (vs-reference-service.ts),
 * filled with the Markdown files of the same copy of test-data/vault ours serves.
 *
 *   bun run bench:vs-reference -- --reference DIR [--ours DIR] [--rounds 3] [--calls 2000]
 *     [--seconds 5] [--unpinned]
 *
 * `--ours DIR` serves our side from another checkout of this repository (a before/after run).
 * Each server runs pinned to CPU 1 and this client to CPU 0 (taskset), as an independent harness
 * runs them; `--unpinned` lets both use every CPU, as this bench did before ADR-0049.
 * The client first warms up against both servers, untimed; then each round measures both, each
 * started fresh, the first round ours first, the next the reference first, and so on. Per server
 * and round: spawn to first answer, idle RSS, tools/list bytes; on each protocol line (the
 * legacy handshake and 2026-07-28): p50, p95 and p99 of sequential calls of get_server_info and
 * get_vault_file (the same note), with the server's CPU per call (from /proc), the client's (this
 * process) and the share of the wall time the client was on its CPU (near 100% would make the
 * client the bottleneck); and 8 clients calling get_vault_file at once: throughput, p50/p95/p99,
 * the server's CPU per call and the client's share. It prints every cell as the median over the
 * rounds (with the range), both servers and ours/reference.
 */
import { which } from 'bun';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { copyVault } from '../../packages/headless/src/test-support/temp-vault.ts';
import { connectClient, throughput, timeCalls, type Call } from './calls.ts';
import { cpuMsOf, memoryOf, summarize } from './measure.ts';

const { values: options } = parseArgs({
  options: {
    reference: { type: 'string' },
    ours: { type: 'string' },
    rounds: { type: 'string', default: '3' },
    calls: { type: 'string', default: '2000' },
    seconds: { type: 'string', default: '5' },
    unpinned: { type: 'boolean', default: false },
  },
});
const ROOT = new URL('../..', import.meta.url).pathname;
/** The checkout our server runs from (another one for a before/after run). */
const OURS = options.ours ?? ROOT;
const ROUNDS = Number(options.rounds);
const CALLS = Number(options.calls);
const WARM_UP = 200;
const CLIENT_WARM_UP = 1000;
const SECONDS = Number(options.seconds);
const CALLERS = 8;
/**
 * Server and client on CPUs of their own (taskset), as an independent harness runs them: unpinned,
 * a server's helper threads (GC, JIT, workers) borrow the second core and its tails look better
 * than a user's machine under load gives them.
 */
const PINNED = !options.unpinned && availableParallelism() >= 2 && which('taskset') !== null;
const CLIENT_CPU = '0';
const SERVER_CPU = '1';
const IDLE_MS = 1000;
const STOP_MS = 3000;
const NOTE = 'Apiary/Overwintering.md';
const LINES = ['legacy', 'modern'] as const;
type Line = (typeof LINES)[number];
const CALLS_MEASURED: readonly Call[] = [
  { name: 'get_server_info', args: {} },
  { name: 'get_vault_file', args: { path: NOTE } },
];
const THROUGHPUT_CALL: Call = { name: 'get_vault_file', args: { path: NOTE } };

interface Running {
  url: string;
  token: string;
  pid: number;
  spawnToAnswerMs: number;
  stop(): Promise<void>;
}

interface Side {
  name: 'ours' | 'reference';
  start(vault: string): Promise<Running>;
}

/** One measured figure: its label, unit and which way is better. */
interface Cell {
  key: string;
  label: string;
  unit: string;
  higherIsBetter: boolean;
}

type Figures = Map<string, number>;

function referencePlugin(reference: string): string {
  const plugin = join(reference, 'packages', 'obsidian-plugin');
  const service = join(plugin, 'src', 'features', 'mcp-transport', 'services', 'mcpServer.ts');
  if (!existsSync(service) || !existsSync(join(reference, 'node_modules')))
    throw new Error(
      `${reference} is not a checkout of the reference connector with its dependencies installed; see "Side by side with the reference connector" in docs/performance.md.`,
    );
  return plugin;
}

/** Spawns a server that prints `{"url","token"}` first, and times it to its first answer. */
async function startServer(command: string, args: string[], cwd: string): Promise<Running> {
  const started = performance.now();
  const [program, programArgs] = PINNED
    ? ['taskset', ['-c', SERVER_CPU, command, ...args]]
    : [command, args];
  // taskset execs the server, so the child's pid is the server's (its /proc figures are the server's).
  const child = spawn(program, programArgs, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    const killLater = setTimeout(() => child.kill('SIGKILL'), STOP_MS);
    await exited;
    clearTimeout(killLater);
  };
  try {
    const first = await new Promise<string | null>((resolve) => {
      createInterface({ input: child.stdout }).once('line', resolve);
      void exited.then(() => resolve(null));
    });
    if (first === null) throw new Error(`${command} ${args.join(' ')} did not start: ${stderr}`);
    const { url, token } = JSON.parse(first) as { url: string; token: string };
    const client = await connectClient(url, token);
    await client.callTool({ name: 'get_server_info', arguments: {} });
    const spawnToAnswerMs = performance.now() - started;
    await client.close();
    return { url, token, pid: child.pid as number, spawnToAnswerMs, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

function sides(reference: string): Side[] {
  const plugin = referencePlugin(reference);
  return [
    {
      name: 'ours',
      start: (vault) =>
        startServer(
          'bun',
          ['packages/headless/src/cli.ts', 'serve', '--vault', vault, '--port', '0', '--json'],
          OURS,
        ),
    },
    {
      name: 'reference',
      start: (vault) =>
        startServer(
          'bun',
          [
            join(ROOT, 'scripts', 'bench', 'vs-reference-service.ts'),
            '--reference',
            reference,
            '--vault',
            vault,
          ],
          plugin,
        ),
    },
  ];
}

const CELLS: Cell[] = [
  { key: 'spawn', label: 'spawn to first answer', unit: 'ms', higherIsBetter: false },
  { key: 'rss', label: 'idle RSS', unit: 'MiB', higherIsBetter: false },
  { key: 'list', label: 'tools/list result', unit: 'bytes', higherIsBetter: false },
  ...LINES.flatMap((line) => [
    ...CALLS_MEASURED.flatMap((call) =>
      [
        ['p50', 'p50', 'ms'],
        ['p95', 'p95', 'ms'],
        ['p99', 'p99', 'ms'],
        ['server', 'server CPU/call', 'ms'],
        ['client', 'client CPU/call', 'ms'],
        ['client busy', 'client CPU busy', '%'],
      ].map(([key, label, unit]) => ({
        key: `${line} ${call.name} ${key}`,
        label: `${line} ${call.name} ${label}`,
        unit: unit as string,
        higherIsBetter: false,
      })),
    ),
    {
      key: `${line} throughput`,
      label: `${line} throughput, ${CALLERS} callers`,
      unit: 'calls/s',
      higherIsBetter: true,
    },
    ...(['p50', 'p95', 'p99'] as const).map((key) => ({
      key: `${line} throughput ${key}`,
      label: `${line} ${CALLERS} callers ${key}`,
      unit: 'ms',
      higherIsBetter: false,
    })),
    {
      key: `${line} throughput server`,
      label: `${line} ${CALLERS} callers server CPU/call`,
      unit: 'ms',
      higherIsBetter: false,
    },
    {
      key: `${line} throughput client busy`,
      label: `${line} ${CALLERS} callers client CPU busy`,
      unit: '%',
      higherIsBetter: false,
    },
  ]),
];

/**
 * Runs `work`, returning the server's and this process's CPU ms it took, and the share of the wall
 * time this process (the client) was on its CPU: near 100% would make the client the bottleneck.
 */
async function withCpu<T>(
  pid: number,
  work: () => Promise<T>,
): Promise<{ value: T; serverMs: number; clientMs: number; clientBusy: number }> {
  const server = await cpuMsOf(pid);
  const client = process.cpuUsage();
  const started = performance.now();
  const value = await work();
  const wallMs = performance.now() - started;
  const used = process.cpuUsage(client);
  const clientMs = (used.user + used.system) / 1000;
  return {
    value,
    serverMs: (await cpuMsOf(pid)) - server,
    clientMs,
    clientBusy: (100 * clientMs) / wallMs,
  };
}

async function measureLine(server: Running, line: Line, figures: Figures): Promise<void> {
  const client = await connectClient(server.url, server.token, line);
  try {
    for (const call of CALLS_MEASURED) {
      await timeCalls(client, call, WARM_UP, 0);
      const run = await withCpu(server.pid, () => timeCalls(client, call, CALLS, 0));
      const stats = summarize(run.value);
      figures.set(`${line} ${call.name} p50`, stats.p50);
      figures.set(`${line} ${call.name} p95`, stats.p95);
      figures.set(`${line} ${call.name} p99`, stats.p99);
      figures.set(`${line} ${call.name} server`, run.serverMs / CALLS);
      figures.set(`${line} ${call.name} client`, run.clientMs / CALLS);
      figures.set(`${line} ${call.name} client busy`, run.clientBusy);
    }
  } finally {
    await client.close();
  }
  const run = await withCpu(server.pid, () =>
    throughput(server.url, server.token, THROUGHPUT_CALL, {
      clients: CALLERS,
      seconds: SECONDS,
      line,
    }),
  );
  const stats = summarize(run.value.samples);
  figures.set(`${line} throughput`, run.value.callsPerSecond);
  figures.set(`${line} throughput p50`, stats.p50);
  figures.set(`${line} throughput p95`, stats.p95);
  figures.set(`${line} throughput p99`, stats.p99);
  figures.set(`${line} throughput server`, run.serverMs / run.value.calls);
  figures.set(`${line} throughput client busy`, run.clientBusy);
}

/**
 * Untimed calls on both lines against a fresh server of one side, so the client's code is
 * compiled before the first measured cell: without this, whichever server went first paid for the
 * client's JIT warm-up (its first cells' client CPU 1.4-1.7x the other's, either way round).
 */
async function warmUpClient(side: Side, vault: string): Promise<void> {
  const server = await side.start(vault);
  try {
    for (const line of LINES) {
      const client = await connectClient(server.url, server.token, line);
      for (const call of CALLS_MEASURED) await timeCalls(client, call, CLIENT_WARM_UP, 0);
      await client.close();
    }
  } finally {
    await server.stop();
  }
}

async function measure(side: Side, vault: string): Promise<Figures> {
  const server = await side.start(vault);
  const figures: Figures = new Map([['spawn', server.spawnToAnswerMs]]);
  try {
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
    figures.set('rss', (await memoryOf(server.pid)).rssMiB);
    const probe = await connectClient(server.url, server.token);
    figures.set('list', Buffer.byteLength(JSON.stringify(await probe.listTools())));
    await probe.close();
    for (const line of LINES) await measureLine(server, line, figures);
  } finally {
    await server.stop();
  }
  return figures;
}

function median(values: number[]): number {
  return summarize(values).p50;
}

function format(value: number, unit: string): string {
  if (unit === 'ms') return value < 10 ? value.toFixed(3) : value.toFixed(0);
  if (unit === 'MiB') return value.toFixed(1);
  return value.toFixed(0);
}

function verdict(cell: Cell, ours: number, reference: number): string {
  // The client's share of its CPU describes the harness, not a server: no winner.
  if (cell.unit === '%') return '';
  const ratio = ours / reference;
  if (!Number.isFinite(ratio)) return 'n/a';
  if (Math.abs(ratio - 1) < 0.005) return `${ratio.toFixed(2)}x  even`;
  const oursAhead = cell.higherIsBetter ? ratio > 1 : ratio < 1;
  return `${ratio.toFixed(2)}x  ${oursAhead ? 'ours better' : 'reference better'}`;
}

function report(results: Record<Side['name'], Figures[]>): void {
  const summary = (figures: Figures[], key: string, unit: string) => {
    const values = figures.map((round) => round.get(key) ?? Number.NaN);
    const low = format(Math.min(...values), unit);
    const high = format(Math.max(...values), unit);
    return { median: median(values), text: `${format(median(values), unit)} (${low}-${high})` };
  };
  console.log(
    `\n${'cell'.padEnd(42)} ${'ours'.padEnd(24)} ${'reference'.padEnd(24)} ours/reference`,
  );
  for (const cell of CELLS) {
    const ours = summary(results.ours, cell.key, cell.unit);
    const reference = summary(results.reference, cell.key, cell.unit);
    console.log(
      `${`${cell.label} (${cell.unit})`.padEnd(42)} ${ours.text.padEnd(24)} ${reference.text.padEnd(24)} ${verdict(cell, ours.median, reference.median)}`,
    );
  }
}

/** Pins this process (every thread of it) to the client's CPU. */
function pinClient(): void {
  const pinned = spawnSync('taskset', ['-a', '-p', '-c', CLIENT_CPU, String(process.pid)]);
  if (pinned.status !== 0) throw new Error(`taskset failed: ${pinned.stderr.toString()}`);
}

async function main(): Promise<void> {
  if (options.reference === undefined)
    throw new Error(
      'Pass --reference DIR, a checkout of the reference connector with its dependencies installed (docs/performance.md).',
    );
  const servers = sides(options.reference);
  const vault = await copyVault();
  const load = () =>
    loadavg()
      .map((value) => value.toFixed(2))
      .join(' ');
  console.log(
    `${ROUNDS} rounds, ${CALLS} calls per cell, throughput ${SECONDS} s; load average ${load()}`,
  );
  if (PINNED) pinClient();
  console.log(
    PINNED
      ? `pinned: servers on CPU ${SERVER_CPU}, this client on CPU ${CLIENT_CPU}`
      : 'unpinned: servers and client share every CPU',
  );
  const results: Record<Side['name'], Figures[]> = { ours: [], reference: [] };
  try {
    for (const side of servers) await warmUpClient(side, vault.root);
    console.log(`client warmed up on both servers (load average ${load()})`);
    for (let round = 1; round <= ROUNDS; round++) {
      // Each round starts with the other side, so neither always runs on a client that has just
      // measured its rival (caches, heap, GC debt).
      for (const side of round % 2 === 1 ? servers : [...servers].reverse()) {
        results[side.name].push(await measure(side, vault.root));
        console.log(`round ${round}: ${side.name} measured (load average ${load()})`);
      }
    }
  } finally {
    await vault.remove();
  }
  report(results);
  console.log(`load average at the end: ${load()}`);
}

await main();
