/**
 * `bun run bench:server`: the headless server on a temp copy of the test vault, measured
 * with the official MCP client: tools/list size, sequential latency of get_server_info and
 * get_vault_file on both protocol lines (2,000 calls after warm-up), throughput of 8 concurrent
 * clients for 10 s, and the server's RSS idle and at peak. Then, over generated vaults of 10,000 and
 * 100,000 notes (scale-server.ts): start to port, to first answer and to index ready, cold and
 * warm, RSS, the vault-wide calls and shutdown; then, per size, the warm-restart figures of
 * warm-figures.ts (ADR-0044): warm ready untouched and with one note changed and their ratio,
 * get_backlinks and list_vault_files of a folder of a tenth of the notes, the first append and
 * the first note created after ready, and the CPU used in the 10 s after ready.
 *
 *   bun run bench:server [-- --notes 10000,100000] [--no-latency] [--code DIR] [--cli source|bun|node]
 *                        [--search-after MS] [--from-disk] [--hidden-folder PATH ...]
 *                        [--warm-rounds 3]
 *
 * `--notes 0` skips the scale runs; `--code DIR` serves the scale runs from another checkout (a
 * before/after run); `--cli bun` or `--cli node` serves them from the built packages/headless/dist/cli.mjs under
 * that runtime, as users run it (default: the sources under Bun); `--search-after MS` sends the
 * first search that long after the index is ready (default 0: at once); `--from-disk` empties the
 * system's page cache before each start (Linux, as root), so the vault and the cache are read from
 * the disk, as after a reboot; `--hidden-folder PATH` (repeatable) hides that folder of the
 * generated vault from the client in the scale runs (e.g. `Projects/Archive`, a tenth of the
 * notes), to compare the vault-wide calls with a folder hidden against a run without;
 * `--warm-rounds N` takes the warm-restart figures as the median of N rounds (0 skips them).
 */
import { startChildServer } from '../../packages/headless/src/test-support/child-server.ts';
import { copyVault } from '../../packages/headless/src/test-support/temp-vault.ts';
import { parseArgs } from 'node:util';
import { formatMs, memoryOf, summarize } from './measure.ts';
import { connectClient, throughput, timeCalls } from './calls.ts';
import { scaleRuns, serverCliOf } from './scale-server.ts';
import { warmRestarts } from './warm-figures.ts';

const { values: options } = parseArgs({
  options: {
    notes: { type: 'string', default: '10000,100000' },
    'no-latency': { type: 'boolean', default: false },
    cli: { type: 'string', default: 'source' },
    code: { type: 'string' },
    'search-after': { type: 'string', default: '0' },
    'from-disk': { type: 'boolean', default: false },
    'hidden-folder': { type: 'string', multiple: true, default: [] },
    'warm-rounds': { type: 'string', default: '3' },
    help: { type: 'boolean', default: false },
  },
});
const USAGE = `bun run bench:server [-- --notes 10000,100000] [--no-latency] [--code DIR]
    [--cli source|bun|node] [--search-after MS] [--from-disk] [--hidden-folder PATH ...]
    [--warm-rounds 3]
The header of scripts/bench/server.ts says what each option does.`;
const ROOT = options.code ?? new URL('../..', import.meta.url).pathname;
const CLI = serverCliOf(options.cli);
const CALLS = 2000;
const WARM_UP = 200;
const CONCURRENT_CLIENTS = 8;
const THROUGHPUT_SECONDS = 10;
const NOTE = 'Apiary/Overwintering.md';

async function latencyRuns(): Promise<void> {
  const vault = await copyVault();
  const server = await startChildServer(vault.root);
  const pid = server.pid;
  try {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const idle = await memoryOf(pid);
    const probe = await connectClient(server.url.href, server.token, 'legacy');
    const listBytes = Buffer.byteLength(JSON.stringify(await probe.listTools()));
    await probe.close();
    console.log(`tools/list result: ${listBytes} bytes`);
    console.log(`RSS idle: ${idle.rssMiB.toFixed(1)} MiB`);
    for (const line of ['legacy', 'modern'] as const) {
      const client = await connectClient(server.url.href, server.token, line);
      for (const [name, args] of [
        ['get_server_info', {}],
        ['get_vault_file', { path: NOTE }],
      ] as const) {
        const stats = summarize(await timeCalls(client, { name, args }, CALLS, WARM_UP));
        console.log(
          `${line.padEnd(6)} ${name.padEnd(16)} p50 ${formatMs(stats.p50)}  p95 ${formatMs(stats.p95)}  p99 ${formatMs(stats.p99)}  (${CALLS} calls)`,
        );
      }
      await client.close();
    }
    const { callsPerSecond } = await throughput(
      server.url.href,
      server.token,
      { name: 'get_vault_file', args: { path: NOTE } },
      { clients: CONCURRENT_CLIENTS, seconds: THROUGHPUT_SECONDS },
    );
    console.log(
      `throughput: ${callsPerSecond.toFixed(0)} calls/s (get_vault_file, ${CONCURRENT_CLIENTS} clients, ${THROUGHPUT_SECONDS} s)`,
    );
    const peak = await memoryOf(pid);
    console.log(`RSS peak: ${peak.peakMiB.toFixed(1)} MiB`);
  } finally {
    await server.stop();
    await vault.remove();
  }
}

async function main(): Promise<void> {
  if (options.help) {
    console.log(USAGE);
    return;
  }
  if (options['no-latency'] !== true) await latencyRuns();
  const sizes = (options.notes ?? '')
    .split(',')
    .map(Number)
    .filter((notes) => notes > 0);
  await scaleRuns(ROOT, sizes, {
    cli: CLI,
    searchAfterMs: Number(options['search-after']),
    fromDisk: options['from-disk'],
    hiddenFolders: options['hidden-folder'],
  });
  const warmRounds = Number(options['warm-rounds']);
  if (warmRounds > 0 && options['hidden-folder'].length === 0)
    for (const notes of sizes) await warmRestarts(notes, warmRounds, { root: ROOT, cli: CLI });
}

await main();
