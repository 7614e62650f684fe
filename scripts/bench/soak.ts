/**
 * `bun run bench:soak [-- --clients 32 --tokens 4 --seconds 240 --rounds 2 --cli bun|node]`:
 * many clients on one server for minutes, as an adversarial pass ran it (issue 38). The headless
 * server runs as a child process over a temp copy of the test vault; CLIENTS official SDK
 * clients over HTTP, spread over TOKENS tokens, call in a loop until the round ends: reads,
 * searches, listings, and appends each carrying a marker of its own (half of them with an
 * idempotencyKey, a quarter of those sent twice). After the last round the server is stopped and
 * every note read back: each acknowledged append must be on disk exactly once, each failed one
 * at most once. Prints calls, errors and latency per round, and exits non-zero on any error or
 * on a marker found twice or missing.
 */
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs, promisify } from 'node:util';
import type { Client } from '@modelcontextprotocol/client';
import {
  builtCliLaunch,
  copyVault,
  startChildServer,
} from '../../packages/headless/src/test-support/index.ts';
import { formatMs, memoryOf, summarize } from './measure.ts';

const { values } = parseArgs({
  args: process.argv.slice(2),
  options: {
    clients: { type: 'string', default: '32' },
    tokens: { type: 'string', default: '4' },
    seconds: { type: 'string', default: '240' },
    rounds: { type: 'string', default: '2' },
    cli: { type: 'string', default: 'bun' },
  },
});
const CLIENTS = Number(values.clients);
const TOKENS = Number(values.tokens);
const SECONDS = Number(values.seconds);
const ROUNDS = Number(values.rounds);
const TARGET_NOTES = 8;
const targetOf = (n: number) => `Soak/target-${n % TARGET_NOTES}.md`;

interface Tally {
  calls: number;
  errors: Map<string, number>;
  latencies: number[];
  /** Marker -> acknowledged (true) or failed (false). */
  appends: Map<string, boolean>;
}

const vault = await copyVault();
const secrets = await addTokens(vault.root, TOKENS - 1);
const server = await startChildServer(
  vault.root,
  [],
  values.cli === 'node' ? { launch: builtCliLaunch() } : {},
);
let failed = false;
try {
  const allSecrets = [server.token, ...secrets];
  const clients = await Promise.all(
    Array.from({ length: CLIENTS }, (_, index) =>
      server.connect(allSecrets[index % allSecrets.length]),
    ),
  );
  const tally: Tally = { calls: 0, errors: new Map(), latencies: [], appends: new Map() };
  for (let round = 1; round <= ROUNDS; round++) {
    const before = tally.calls;
    const errorsBefore = errorCount(tally);
    const latencyStart = tally.latencies.length;
    const until = Date.now() + SECONDS * 1000;
    await Promise.all(
      clients.map((client, index) => callUntil(client, `${round}.${index}`, until, tally)),
    );
    const window = summarize(tally.latencies.slice(latencyStart));
    const memory = await memoryOf(server.pid);
    console.log(
      `round ${round}: ${tally.calls - before} calls, ${errorCount(tally) - errorsBefore} errors, p50 ${formatMs(window.p50)} p95 ${formatMs(window.p95)}, server RSS ${memory.rssMiB.toFixed(0)} MiB`,
    );
  }
  for (const client of clients) await client.close();
  await server.stop();
  const check = await checkAppends(vault.root, tally.appends);
  console.log(
    `${CLIENTS} clients, ${TOKENS} tokens, ${ROUNDS} x ${SECONDS} s: ${tally.calls} calls, ${errorCount(tally)} errors${describeErrors(tally)}`,
  );
  console.log(
    `appends: ${check.acknowledged} acknowledged, each on disk exactly once: ${check.acknowledged - check.wrong.length}; failed ones found twice: ${check.failedTwice}`,
  );
  for (const line of check.wrong.slice(0, 10)) console.log(`  ${line}`);
  failed = errorCount(tally) > 0 || check.wrong.length > 0 || check.failedTwice > 0;
} finally {
  await server.stop();
  await vault.remove();
}
process.exit(failed ? 1 : 0);

async function addTokens(root: string, count: number): Promise<string[]> {
  const secrets: string[] = [];
  for (let index = 0; index < count; index++) {
    const { stdout } = await promisify(execFile)(process.execPath, [
      join(import.meta.dir, '../../packages/headless/src/cli.ts'),
      'tokens',
      '--vault',
      root,
      'add',
      '--label',
      `soak ${index + 1}`,
    ]);
    const out = stdout;
    secrets.push(out.trim().split('\n').at(-1) ?? '');
  }
  return secrets;
}

async function callUntil(client: Client, name: string, until: number, tally: Tally): Promise<void> {
  for (let n = 0; Date.now() < until; n++) {
    const [tool, args] = nextCall(name, n);
    const started = performance.now();
    const marker = tool === 'append_to_vault_file' ? String(args.content).trim() : null;
    try {
      const result = await client.callTool({ name: tool, arguments: args });
      if (result.isError === true) throw new Error(firstText(result.content));
      if (marker !== null && args.idempotencyKey !== undefined && n % 8 === 0)
        await client.callTool({ name: tool, arguments: args }); // the retry a client makes
      if (marker !== null) tally.appends.set(marker, true);
    } catch (error) {
      if (marker !== null && !tally.appends.has(marker)) tally.appends.set(marker, false);
      const reason = error instanceof Error ? error.message.slice(0, 80) : 'unknown';
      tally.errors.set(`${tool}: ${reason}`, (tally.errors.get(`${tool}: ${reason}`) ?? 0) + 1);
    }
    tally.latencies.push(performance.now() - started);
    tally.calls++;
  }
}

function nextCall(name: string, n: number): [string, Record<string, unknown>] {
  switch (n % 5) {
    case 0:
      return ['get_vault_file', { path: 'Garden/Garden plan 2026.md' }];
    case 1:
      return [
        'search_vault_simple',
        { query: n % 10 === 1 ? 'tomato seedlings' : 'meeting notes' },
      ];
    case 2:
      return ['list_vault_files', { directory: 'Garden' }];
    default: {
      const content = `\nsoak ${name}.${n}\n`;
      const keyed = n % 2 === 0 ? { idempotencyKey: `soak-${name}-${n}` } : {};
      return ['append_to_vault_file', { path: targetOf(n), content, ...keyed }];
    }
  }
}

async function checkAppends(
  root: string,
  appends: Map<string, boolean>,
): Promise<{ acknowledged: number; wrong: string[]; failedTwice: number }> {
  const counts = new Map<string, number>();
  for (let n = 0; n < TARGET_NOTES; n++) {
    const text = await readFile(join(root, targetOf(n)), 'utf8').catch(() => '');
    for (const line of text.split('\n'))
      if (line.startsWith('soak ')) counts.set(line, (counts.get(line) ?? 0) + 1);
  }
  let acknowledged = 0;
  let failedTwice = 0;
  const wrong: string[] = [];
  for (const [marker, ok] of appends) {
    const found = counts.get(marker) ?? 0;
    if (ok) {
      acknowledged++;
      if (found !== 1) wrong.push(`${marker}: acknowledged, found ${found} times`);
    } else if (found > 1) failedTwice++;
  }
  return { acknowledged, wrong, failedTwice };
}

function errorCount(tally: Tally): number {
  return [...tally.errors.values()].reduce((sum, count) => sum + count, 0);
}

function describeErrors(tally: Tally): string {
  if (tally.errors.size === 0) return '';
  return `\n${[...tally.errors].map(([reason, count]) => `  ${count} x ${reason}`).join('\n')}`;
}

function firstText(content: unknown): string {
  const first = Array.isArray(content) ? (content[0] as { text?: unknown } | undefined) : undefined;
  return typeof first?.text === 'string' ? first.text : 'tool error';
}
