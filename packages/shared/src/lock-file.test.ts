/**
 * ProcessLock, the lock between processes of data.json and the change journal (ADR-0030):
 * holders take turns, a live holder is waited for and then refused, and a lock whose process is
 * gone (or that nothing in this process holds) is taken over.
 */
import { afterEach, expect, test } from 'bun:test';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ProcessLock, type ProcessLockOptions } from './lock-file.ts';
import { processIsAlive } from './process-alive.ts';

class Busy extends Error {
  constructor(readonly holderPid: number | null) {
    super(`busy: ${holderPid}`);
  }
}

function lockAt(path: string, options: Partial<ProcessLockOptions> = {}): ProcessLock {
  return new ProcessLock(path, {
    waitMs: 30_000,
    busy: (pid) => new Busy(pid),
    ...options,
  });
}

let folder: string | null = null;
const children: ChildProcess[] = [];

afterEach(async () => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  if (folder !== null) await rm(folder, { recursive: true, force: true });
  folder = null;
});

async function lockPath(): Promise<string> {
  folder = await mkdtemp(join(tmpdir(), 'mcp-process-lock-'));
  return join(folder, 'journal.lock');
}

/** Another process, alive until killed. */
async function otherProcess(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  children.push(child);
  await new Promise((resolve) => child.once('spawn', resolve));
  return child;
}

async function ended(child: ChildProcess): Promise<void> {
  if (child.exitCode === null && child.signalCode === null)
    await new Promise((resolve) => child.once('exit', resolve));
}

test('holders take turns, and the lock is gone after the last', async () => {
  const path = await lockPath();
  const order: string[] = [];
  let firstIn: () => void = () => undefined;
  const entered = new Promise<void>((resolve) => (firstIn = resolve));
  let secondWaits: () => void = () => undefined;
  const waiting = new Promise<void>((resolve) => (secondWaits = resolve));
  const first = lockAt(path).hold(async () => {
    order.push('first in');
    firstIn();
    await waiting;
    order.push('first out');
  });
  await entered;
  const second = lockAt(path, { onWait: () => secondWaits() }).hold(async () => {
    order.push('second in');
  });
  await Promise.all([first, second]);
  expect(order).toEqual(['first in', 'first out', 'second in']);
  expect(await readFile(path).catch(() => null)).toBeNull();
});

test('a live holder in another process is never taken over: waited for, or refused', async () => {
  const path = await lockPath();
  const child = await otherProcess();
  const text = JSON.stringify({ pid: child.pid, token: 'theirs' });
  await writeFile(path, text);
  const refused = await lockAt(path, { waitMs: 0 })
    .hold(async () => 'ran')
    .catch((error: unknown) => error);
  expect(refused).toBeInstanceOf(Busy);
  expect((refused as Busy).holderPid).toBe(child.pid as number);
  expect(await readFile(path, 'utf8')).toBe(text);
  let waitedFor: number | null = null;
  const waiter = lockAt(path, {
    onWait: (pid) => {
      waitedFor = pid;
      child.kill('SIGKILL'); // the holder ends while it is waited for
    },
  });
  expect(await waiter.hold(async () => 'ran')).toBe('ran');
  expect(waitedFor === child.pid).toBe(true);
});

test('a lock whose process is gone, or of this pid but held by nothing here, is taken over', async () => {
  const path = await lockPath();
  const child = await otherProcess();
  child.kill('SIGKILL');
  await ended(child);
  await writeFile(path, JSON.stringify({ pid: child.pid, token: 'dead' }));
  expect(await lockAt(path, { waitMs: 0 }).hold(async () => 1)).toBe(1);
  await writeFile(path, JSON.stringify({ pid: process.pid, token: 'an-earlier-process' }));
  expect(await lockAt(path, { waitMs: 0 }).hold(async () => 2)).toBe(2);
});

test('an unreadable lock is waited for while recent and taken over once old', async () => {
  const path = await lockPath();
  await writeFile(path, '{"pid": 12');
  const refused = await lockAt(path, { waitMs: 0 })
    .hold(async () => 0)
    .catch((error: unknown) => error);
  expect((refused as Busy).holderPid).toBeNull();
  const old = new Date(Date.now() - 60_000);
  await utimes(path, old, old);
  expect(await lockAt(path, { waitMs: 0 }).hold(async () => 3)).toBe(3);
});

test('a running process is alive; a pid that cannot exist is not', () => {
  expect(processIsAlive(process.pid)).toBe(true);
  expect(processIsAlive(2 ** 22 + 12345)).toBe(false);
});
