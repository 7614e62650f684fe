/**
 * `bun run bench:stdio-clients -- --notes 100000`: three stdio clients on one generated vault, as
 * Claude Desktop, Claude Code and Cursor would start them at once (ADR-0047). Each client launches
 * `serve --stdio --token bench` (the built CLI under Node when packages/headless/dist/cli.mjs
 * exists, else the source under Bun; `--source` forces the source); the first relay starts the
 * vault's background server, the others find it. Prints each client's spawn -> tools/list time
 * (cold: the metadata cache is removed first; `--warm` keeps it), when the background server was
 * started and published its port with its CPU time then (server-start-watch.ts), the total RSS of every process
 * of ours (three relays and the one background server) when the index is ready and again
 * `SETTLE_MS` later, the background server's CPU time, and how long after the clients closed the
 * background server exited by itself (`--idle-exit SECONDS`, default 5).
 */
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { existsSync } from 'node:fs';
import { readFile, realpath } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import {
  backgroundServersOf,
  isRunning,
} from '../../packages/headless/src/test-support/background-servers.ts';
import { BUILT_CLI } from '../../packages/headless/src/test-support/cli-process.ts';
import { benchToken, benchVault, coldStart } from './bench-vaults.ts';
import { cpuMsOf, memoryOf } from './measure.ts';
import { watchServerStart, type ServerStartWatch } from './server-start-watch.ts';

const CLIENTS = 3;
const SETTLE_MS = 5_000;
const SOURCE_CLI = join(import.meta.dir, '..', '..', 'packages', 'headless', 'src', 'cli.ts');

const { values } = parseArgs({
  options: {
    notes: { type: 'string', default: '100000' },
    'idle-exit': { type: 'string', default: '5' },
    warm: { type: 'boolean', default: false },
    source: { type: 'boolean', default: false },
  },
});

interface Started {
  client: Client;
  transport: StdioClientTransport;
  toolsListMs: number;
}

function launch(): { command: string; cli: string; label: string } {
  if (!values.source && existsSync(BUILT_CLI))
    return { command: 'node', cli: BUILT_CLI, label: 'built CLI under Node' };
  return { command: process.execPath, cli: SOURCE_CLI, label: 'source CLI under Bun' };
}

async function startClient(vault: string, index: number): Promise<Started> {
  const { command, cli } = launch();
  const idle = values['idle-exit'];
  const started = performance.now();
  const transport = new StdioClientTransport({
    command,
    // The idle period the background server gets comes from the relay that starts it.
    args: [cli, 'serve', '--vault', vault, '--stdio', '--token', 'bench', '--idle-exit', idle],
    env: { ...(process.env as Record<string, string>) },
    stderr: 'ignore',
  });
  const client = new Client({ name: `bench-client-${index}`, version: '1.0.0' });
  await client.connect(transport);
  await client.listTools();
  return { client, transport, toolsListMs: performance.now() - started };
}

async function totalRssMiB(pids: readonly number[]): Promise<number> {
  let total = 0;
  for (const pid of pids) total += (await memoryOf(pid)).rssMiB;
  return total;
}

async function indexReady(client: Client): Promise<boolean> {
  const result = await client.callTool({ name: 'get_server_info', arguments: {} });
  const index = (result.structuredContent as { index?: { state?: string } }).index;
  return index?.state === 'ready';
}

async function poll(condition: () => Promise<boolean> | boolean, timeoutMs: number) {
  const until = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > until) throw new Error(`gave up after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/** The first client's path: the relay's spawn of the server, its port, its CPU time to each. */
async function reportServerStart(watch: ServerStartWatch): Promise<void> {
  const cpuNow = await watch.cpuNowMs();
  const start = watch.stop();
  const ms = (value: number | null) => (value === null ? '-' : `${value.toFixed(0)} ms`);
  console.log(
    `background server: started ${ms(start.spawnedMs)} after the clients' spawn, port published at ${ms(start.publishedMs)} (server CPU ${ms(start.cpuAtPublishMs)}), server CPU at the last tools/list ${ms(cpuNow)}`,
  );
}

async function main(): Promise<void> {
  const vault = await benchVault(Number(values.notes));
  // The token every benchmark of the vault shares (a vault another benchmark made has no Default).
  await benchToken(vault);
  const root = await realpath(vault.root);
  for (const pid of await backgroundServersOf(root)) process.kill(pid, 'SIGKILL');
  if (!values.warm) await coldStart(vault);
  console.log(
    `${vault.notes} notes (${vault.megabytes.toFixed(0)} MB), ${values.warm ? 'warm' : 'cold'}, ${launch().label}, load ${(await readFile('/proc/loadavg', 'utf8')).split(' ')[0]}`,
  );
  const watch = await watchServerStart(root);
  const clients = await Promise.all(
    Array.from({ length: CLIENTS }, (_, index) => startClient(root, index)),
  );
  const servers = await backgroundServersOf(root);
  try {
    clients.forEach((started, index) =>
      console.log(`client ${index + 1}: spawn -> tools/list ${started.toolsListMs.toFixed(0)} ms`),
    );
    await reportServerStart(watch);
    console.log(`background server processes for the vault: ${servers.length}`);
    const pids = [...clients.map((started) => started.transport.pid as number), ...servers];
    const readyStarted = performance.now();
    await poll(() => indexReady(clients[0]?.client as Client), 600_000);
    const readyMs = performance.now() - readyStarted;
    console.log(`index ready ${readyMs.toFixed(0)} ms after the last tools/list`);
    console.log(`total RSS at ready: ${(await totalRssMiB(pids)).toFixed(0)} MiB`);
    // A call a second, as a client in use makes, so the server is not idle while it settles.
    const settledAt = Date.now() + SETTLE_MS;
    await poll(
      async () => (await indexReady(clients[0]?.client as Client)) && Date.now() > settledAt,
      SETTLE_MS * 4,
    );
    const relays = await totalRssMiB(pids.slice(0, CLIENTS));
    const total = await totalRssMiB(pids);
    console.log(
      `total RSS ${SETTLE_MS / 1000} s later: ${total.toFixed(0)} MiB (relays ${relays.toFixed(0)} MiB, server ${(total - relays).toFixed(0)} MiB)`,
    );
    for (const pid of servers)
      console.log(`background server CPU time: ${((await cpuMsOf(pid)) / 1000).toFixed(1)} s`);
  } finally {
    await Promise.all(clients.map((started) => started.client.close()));
  }
  const closed = performance.now();
  await poll(() => servers.every((pid) => !isRunning(pid)), 120_000).catch(() => {
    for (const pid of servers) if (isRunning(pid)) process.kill(pid, 'SIGKILL');
    throw new Error('the background server did not exit by itself: killed');
  });
  console.log(
    `background server exited by itself ${((performance.now() - closed) / 1000).toFixed(1)} s after the clients closed (idle exit ${values['idle-exit']} s)`,
  );
}

await main();
