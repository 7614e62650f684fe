/**
 * `serve --stdio` at its edges, over the CLI process (from source, under Bun) with raw pipes: a
 * 50 MB line is answered with a JSON-RPC error naming the request and the session goes on; and
 * 3,000 requests whose answers are not read leave the server's peak memory bounded (stdin is not
 * read while stdout is backed up), every answer arriving once the client reads; and a token
 * regenerated while the session runs ends it. `serve --stdio` relays to the vault's background
 * server (ADR-0047), so the limits are the relay's; the background server is stopped after.
 */
import { afterAll, beforeAll, expect, test } from 'bun:test';
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { realpath } from 'node:fs/promises';
import { join } from 'node:path';
import { regenerateToken } from '@mcp-connector/obsidian-plugin/tool-policy';
import { SettingsStore } from '@mcp-connector/obsidian-plugin/settings';
import {
  buildVault,
  settingsPathOf,
  stopBackgroundServers,
  type TempVault,
} from '../test-support/index.ts';

const CLI = join(import.meta.dir, '..', 'cli.ts');
const BIG_NOTE_BYTES = 100_000;

let vault: TempVault;
beforeAll(async () => {
  vault = await buildVault({
    'note.md': 'hello\n',
    'big.md': 'lorem ipsum '.repeat(BIG_NOTE_BYTES / 12),
  });
});
afterAll(async () => {
  await stopBackgroundServers(await realpath(vault.root));
  await vault.remove();
});

interface StdioChild {
  child: ChildProcessWithoutNullStreams;
  /** Resolves with the answer to request `id`. */
  answer(id: number): Promise<Record<string, unknown>>;
  send(message: unknown): void;
  stop(): Promise<void>;
}

function startStdio(readAnswers = true): StdioChild {
  const child = spawn(process.execPath, [
    CLI,
    'serve',
    '--vault',
    vault.root,
    '--stdio',
    '--token',
    'Default',
  ]);
  child.stderr.resume();
  child.stdin.on('error', () => undefined); // a server that ended: the answers say so
  const answers = new Map<number, Record<string, unknown>>();
  const waiters = new Map<number, (answer: Record<string, unknown>) => void>();
  let buffered = '';
  const onData = (chunk: Buffer) => {
    buffered += chunk.toString('utf8');
    let newline = buffered.indexOf('\n');
    while (newline !== -1) {
      const message = JSON.parse(buffered.slice(0, newline)) as Record<string, unknown>;
      buffered = buffered.slice(newline + 1);
      newline = buffered.indexOf('\n');
      if (typeof message.id !== 'number') continue;
      answers.set(message.id, message);
      waiters.get(message.id)?.(message);
    }
  };
  if (readAnswers) child.stdout.on('data', onData);
  else child.stdout.pause();
  return {
    child,
    answer: (id) => {
      if (!readAnswers) {
        readAnswers = true;
        child.stdout.on('data', onData);
        child.stdout.resume();
      }
      const known = answers.get(id);
      return known ? Promise.resolve(known) : new Promise((resolve) => waiters.set(id, resolve));
    },
    send: (message) => child.stdin.write(`${JSON.stringify(message)}\n`),
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.stdin.end();
        child.kill();
      }),
  };
}

const INITIALIZE = {
  jsonrpc: '2.0',
  id: 0,
  method: 'initialize',
  params: {
    protocolVersion: '2025-06-18',
    capabilities: {},
    clientInfo: { name: 'edges', version: '1' },
  },
};

function readBig(id: number) {
  return {
    jsonrpc: '2.0',
    id,
    method: 'tools/call',
    params: { name: 'get_vault_file', arguments: { path: 'big.md' } },
  };
}

test('a 50 MB line is answered with an error naming its request, and the session goes on', async () => {
  const stdio = startStdio();
  try {
    stdio.send(INITIALIZE);
    await stdio.answer(0);
    stdio.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    const huge = {
      method: 'tools/call',
      params: {
        name: 'create_vault_file',
        arguments: { path: 'huge.md', content: 'x'.repeat(50_000_000) },
      },
      jsonrpc: '2.0',
      id: 7,
    };
    stdio.send(huge);
    const refused = await stdio.answer(7);
    expect(refused.error).toMatchObject({ code: -32600 });
    expect(JSON.stringify(refused.error)).toContain('10 MiB');
    stdio.send({ jsonrpc: '2.0', id: 8, method: 'tools/list', params: {} });
    expect((await stdio.answer(8)).result).toBeDefined();
    expect(stdio.child.exitCode).toBeNull();
  } finally {
    await stdio.stop();
  }
}, 60_000);

function peakMemoryMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
}

function cpuTicks(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return Number(fields[11]) + Number(fields[12]);
}

/** Resolves once the process has used no CPU for a while: it waits on its pipes. */
async function settled(pid: number): Promise<void> {
  let last = -1;
  for (;;) {
    const now = cpuTicks(pid);
    if (now === last) return;
    last = now;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

test('3,000 requests whose answers are not read leave the peak memory bounded', async () => {
  const stdio = startStdio(false);
  try {
    stdio.send(INITIALIZE);
    stdio.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    stdio.send(readBig(1));
    await settled(stdio.child.pid ?? 0);
    const before = peakMemoryMiB(stdio.child.pid ?? 0);
    for (let id = 2; id <= 3000; id++) stdio.send(readBig(id));
    await settled(stdio.child.pid ?? 0);
    const grown = peakMemoryMiB(stdio.child.pid ?? 0) - before;
    // 3,000 answers of 100 KB held at once would be 300 MB (on Bun, 1.8 GB was seen).
    expect(grown).toBeLessThan(150);
    const last = await stdio.answer(3000);
    expect(last.result).toBeDefined();
  } finally {
    await stdio.stop();
  }
}, 240_000);

test('a token regenerated while the session runs ends it: the next request is refused', async () => {
  const stdio = startStdio();
  try {
    stdio.send(INITIALIZE);
    await stdio.answer(0);
    stdio.send(readBig(1));
    expect((await stdio.answer(1)).result).toBeDefined();
    const settings = await SettingsStore.open(settingsPathOf(vault.root));
    try {
      const token = settings.current.tokens.find((each) => each.label === 'Default');
      await regenerateToken(settings, token?.id ?? '');
    } finally {
      settings.close();
    }
    stdio.send(readBig(2));
    expect((await stdio.answer(2)).error).toMatchObject({
      data: { reason: 'token_not_recognised' },
    });
  } finally {
    await stdio.stop();
  }
});
