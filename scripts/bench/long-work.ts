/**
 * `bun run bench:long-work [-- --notes 20000] [--line legacy|modern|both]`: long work at
 * scale (issue 42, ADR-0036), the figures the gate's e2e tests check on 400 notes, here on a
 * generated vault (generate-vault.ts: "garden" is in about 95% of its notes), against the
 * headless server in a child process, through the official MCP client:
 *
 * 1. apply: a vault-wide search_and_replace of "garden" completes; its wall time, the progress
 *    notifications (how many, the longest gap between two), and the before-images left (each
 *    must be one the change names: as many as the notes it changed).
 * 2. cancel: the same call cancelled half way through its writes; how long until the vault is
 *    byte-identical again with no before-image left, and no change listed.
 * 3. task: the same call as a task; the time to the task id, tasks/get's status message half way,
 *    tasks/cancel, and the time until the vault is as it was.
 *
 * Each scenario runs on a fresh copy of the generated vault (kept in the temp folder between
 * runs by bench-vaults.ts); the copy is removed after.
 */
import type { Client, StandardSchemaV1 } from '@modelcontextprotocol/client';
import { createHash } from 'node:crypto';
import { cp, mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import { settingsPathOf } from '../../packages/headless/src/serve.ts';
import {
  startChildServer,
  type ChildServer,
} from '../../packages/headless/src/test-support/child-server.ts';
import {
  connectMcpClient,
  type ProtocolLine,
} from '../../packages/headless/src/test-support/test-clients.ts';
import { benchVault, type BenchVault } from './bench-vaults.ts';

const REPLACE = { pattern: 'garden', replacement: 'orchard', dry_run: false };
const CALL_TIMEOUT_MS = 30 * 60_000;
const ANY: StandardSchemaV1<unknown, Record<string, unknown>> = {
  '~standard': {
    version: 1,
    vendor: 'bench',
    validate: (value) => ({ value: value as Record<string, unknown> }),
  },
};

interface Running {
  root: string;
  server: ChildServer;
  client: Client;
  remove(): Promise<void>;
}

async function fresh(vault: BenchVault, line: ProtocolLine): Promise<Running> {
  const parent = await mkdtemp(join(tmpdir(), 'mcp-long-work-'));
  const root = join(parent, 'vault');
  await cp(vault.root, root, { recursive: true });
  const server = await startChildServer(root);
  const client = await connectMcpClient(server.url, server.token, line);
  await until(async () => {
    const info = await client.callTool({ name: 'get_server_info', arguments: {} });
    return (info.structuredContent as { index: { state: string } }).index.state === 'ready';
  }, 600_000);
  return {
    root,
    server,
    client,
    remove: async () => {
      await client.close();
      await server.stop();
      await rm(parent, { recursive: true, force: true });
    },
  };
}

async function until(condition: () => Promise<boolean>, boundMs: number): Promise<number> {
  const started = performance.now();
  while (!(await condition())) {
    if (performance.now() - started > boundMs) throw new Error(`not so within ${boundMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return performance.now() - started;
}

/** Every note's hash: the vault as it is on disk. */
async function notesState(root: string): Promise<string> {
  const hash = createHash('sha256');
  const files = (await readdir(root, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile() && entry.name.endsWith('.md'))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
  for (const file of files) hash.update(relative(root, file)).update(await readFile(file));
  return hash.digest('hex');
}

function images(root: string): Promise<string[]> {
  return readdir(join(dirname(settingsPathOf(root)), 'change-journal', 'images')).catch(() => []);
}

async function changesListed(client: Client): Promise<number> {
  const listed = await client.callTool({ name: 'list_changes', arguments: {} });
  return (listed.structuredContent as { changes: unknown[] }).changes.length;
}

async function apply(vault: BenchVault, line: ProtocolLine) {
  const run = await fresh(vault, line);
  try {
    const heard: number[] = [];
    const started = performance.now();
    const result = await run.client.callTool(
      { name: 'search_and_replace', arguments: REPLACE },
      { timeout: CALL_TIMEOUT_MS, onprogress: () => heard.push(performance.now()) },
    );
    const seconds = (performance.now() - started) / 1000;
    const gaps = heard.map((at, index) => at - (heard[index - 1] ?? started));
    const changed = (result.structuredContent as { filesChanged: number }).filesChanged;
    return {
      line,
      filesChanged: changed,
      seconds: Number(seconds.toFixed(1)),
      notifications: heard.length,
      perSecond: Number((heard.length / seconds).toFixed(1)),
      longestGapMs: Math.round(Math.max(...gaps)),
      imagesLeft: (await images(run.root)).length,
      orphanedImages: (await images(run.root)).length - changed,
    };
  } finally {
    await run.remove();
  }
}

async function cancelHalfWay(vault: BenchVault, line: ProtocolLine) {
  const run = await fresh(vault, line);
  try {
    const before = await notesState(run.root);
    const stop = new AbortController();
    let stoppedAt = '';
    await run.client
      .callTool(
        { name: 'search_and_replace', arguments: REPLACE },
        {
          timeout: CALL_TIMEOUT_MS,
          signal: stop.signal,
          onprogress: ({ progress, total, message }) => {
            const writes = (total ?? 0) - vault.notes;
            if (message === 'Replacing in notes' && progress - vault.notes >= writes / 2) {
              stoppedAt ||= `${progress - vault.notes} of ${writes} writes`;
              stop.abort(new Error('half way'));
            }
          },
        },
      )
      .catch(() => undefined);
    const cancelled = performance.now();
    const restoreMs = await until(
      async () => (await images(run.root)).length === 0 && (await notesState(run.root)) === before,
      CALL_TIMEOUT_MS,
    );
    return {
      line,
      stoppedAt,
      rolledBackInS: Number(((performance.now() - cancelled) / 1000).toFixed(1)),
      restoreMs: Math.round(restoreMs),
      byteIdentical: (await notesState(run.root)) === before,
      imagesLeft: (await images(run.root)).length,
      changesListed: await changesListed(run.client),
    };
  } finally {
    await run.remove();
  }
}

async function asTask(vault: BenchVault) {
  const run = await fresh(vault, 'legacy');
  try {
    const before = await notesState(run.root);
    const request = (method: string, params: Record<string, unknown>) =>
      run.client.request({ method, params }, ANY);
    const started = performance.now();
    const created = await request('tools/call', {
      name: 'search_and_replace',
      arguments: REPLACE,
      task: { ttl: 3_600_000 },
    });
    const toTaskIdMs = Math.round(performance.now() - started);
    const taskId = (created.task as { taskId: string }).taskId;
    let halfWay = '';
    await until(async () => {
      const task = await request('tasks/get', { taskId });
      halfWay = String(task.statusMessage);
      return (
        /^Replacing in notes: .* \((\d+)%\)$/.test(halfWay) &&
        Number(/(\d+)%/.exec(halfWay)?.[1]) >= 75
      );
    }, CALL_TIMEOUT_MS);
    const cancelled = performance.now();
    await request('tasks/cancel', { taskId });
    const answer = await request('tasks/result', { taskId });
    return {
      toTaskIdMs,
      tasksGetHalfWay: halfWay,
      answer: (answer.structuredContent as { code?: string }).code,
      rolledBackInS: Number(((performance.now() - cancelled) / 1000).toFixed(1)),
      byteIdentical: (await notesState(run.root)) === before,
      imagesLeft: (await images(run.root)).length,
    };
  } finally {
    await run.remove();
  }
}

const { values } = parseArgs({ options: { notes: { type: 'string' }, line: { type: 'string' } } });
const vault = await benchVault(Number(values.notes ?? 20_000));
const lines: ProtocolLine[] =
  values.line === 'legacy' || values.line === 'modern' ? [values.line] : ['legacy', 'modern'];
console.log(`${vault.notes} notes, ${vault.megabytes.toFixed(1)} MB`);
for (const line of lines) console.log('apply', JSON.stringify(await apply(vault, line)));
for (const line of lines) console.log('cancel', JSON.stringify(await cancelHalfWay(vault, line)));
console.log('task (legacy)', JSON.stringify(await asTask(vault)));
