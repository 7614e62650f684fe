import { afterEach, beforeEach, describe, expect, test } from 'bun:test';
import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readLiveServer } from '../shim/vault-files.ts';
import {
  claimLiveServer,
  publishLiveServer,
  withdrawLiveServer,
  type LiveServerRecord,
} from './live-server-file.ts';

/** Our parent: a process that is alive and is not this one. */
const ALIVE_ELSEWHERE = process.ppid;

let folder: string;
let livePath: string;
beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'live-server-'));
  livePath = join(folder, 'live-server.json');
});
afterEach(() => rm(folder, { recursive: true, force: true }));

const onDisk = async (): Promise<LiveServerRecord | null> =>
  JSON.parse(await readFile(livePath, 'utf8').catch(() => 'null')) as LiveServerRecord | null;
const record = (pid: number, host: string, port: number | null) =>
  ({
    pid,
    host,
    port,
    startedAt: '2026-01-01T00:00:00.000Z',
    proofKey: null,
  }) satisfies LiveServerRecord;
const place = (value: unknown) => writeFile(livePath, JSON.stringify(value));
/** A file as a crash a minute ago would have left it. */
async function leaveOld(path: string, text: string): Promise<void> {
  await writeFile(path, text);
  const aMinuteAgo = new Date(Date.now() - 60_000);
  await utimes(path, aMinuteAgo, aMinuteAgo);
}

function goneProcess(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], {
    encoding: 'utf8',
  });
  return Number(child.stdout);
}

async function refusal(run: Promise<unknown>): Promise<string> {
  return run.then(
    () => 'claimed',
    (error: Error) => error.message,
  );
}

const KEY = 'a'.repeat(64);

describe('live-server.json as the single-server lock', () => {
  test('a claim holds the vault with no port; publishing fills it; withdrawing removes it', async () => {
    const claim = await claimLiveServer(livePath, 'headless');
    expect(await onDisk()).toMatchObject({ pid: process.pid, host: 'headless', port: null });
    expect(await readLiveServer(livePath)).toBeNull(); // nothing to connect to yet
    await publishLiveServer(livePath, 27201, 'headless', KEY);
    expect(await readLiveServer(livePath)).toMatchObject({ port: 27201, pid: process.pid });
    await withdrawLiveServer(livePath, 27201);
    expect(await onDisk()).toBeNull();
    await claim.release();
    expect(await readdir(folder)).toEqual([]);
  });

  test('a live holder refuses the claim, naming its port and whether it is Obsidian', async () => {
    await place(record(ALIVE_ELSEWHERE, 'headless', 27203));
    expect(await refusal(claimLiveServer(livePath, 'headless'))).toBe(
      `Another Local MCP Server (process ${ALIVE_ELSEWHERE}) is already serving this vault on port 27203 (http://127.0.0.1:27203/mcp). Connect your client to it, or stop it first. If process ${ALIVE_ELSEWHERE} is not Local MCP Server, delete this device's live-server.json of the vault (the doctor names it).`,
    );
    await place(record(ALIVE_ELSEWHERE, 'plugin', 27200));
    expect(await refusal(claimLiveServer(livePath, 'headless'))).toStartWith(
      `Local MCP Server in Obsidian (process ${ALIVE_ELSEWHERE}) is already serving this vault on port 27200`,
    );
    await place(record(ALIVE_ELSEWHERE, 'headless', null));
    expect(await refusal(claimLiveServer(livePath, 'headless'))).toContain(
      'is already serving this vault and is still starting',
    );
    expect(await onDisk()).toEqual(record(ALIVE_ELSEWHERE, 'headless', null));
  });

  test.each([
    ['a record whose process is gone', () => place(record(goneProcess(), 'headless', 27299))],
    ['a half-written file a crash left', () => leaveOld(livePath, '{"pid": 12')],
    [
      '...even beside a takeover a crash left',
      () =>
        leaveOld(`${livePath}.takeover`, '12').then(() =>
          place(record(goneProcess(), 'headless', 1)),
        ),
    ],
  ])('%s is taken over', async (_name, leave) => {
    await leave();
    await claimLiveServer(livePath, 'headless');
    expect(await onDisk()).toMatchObject({ pid: process.pid, port: null });
    expect(await readdir(folder)).toEqual(['live-server.json']);
  });

  test('an unreadable file just written is left alone: a server may be starting', async () => {
    await writeFile(livePath, '');
    expect(await refusal(claimLiveServer(livePath, 'headless'))).toContain(
      'another server is starting on this vault',
    );
    expect(await readFile(livePath, 'utf8')).toBe('');
  });

  test('of claims racing over a stale file, exactly one wins', async () => {
    await place(record(goneProcess(), 'headless', 27299));
    const outcomes = await Promise.allSettled(
      Array.from({ length: 6 }, () => claimLiveServer(livePath, 'headless')),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    expect(await onDisk()).toMatchObject({ pid: process.pid, port: null });
    expect(await readdir(folder)).toEqual(['live-server.json']);
  });
});

describe('the plugin is preferred', () => {
  test('it takes the file from a live headless server and gives it back when it stops', async () => {
    const headless = record(ALIVE_ELSEWHERE, 'headless', 27200);
    await place(headless);
    await publishLiveServer(livePath, 27201, 'plugin', KEY);
    expect(await onDisk()).toMatchObject({ pid: process.pid, port: 27201, displaced: headless });
    expect(await readLiveServer(livePath)).toMatchObject({ port: 27201, host: 'plugin' });
    await withdrawLiveServer(livePath, 27201);
    expect(await onDisk()).toEqual(headless);
  });

  test('a restart keeps what it displaced; a displaced server that stopped is not put back', async () => {
    await place(record(ALIVE_ELSEWHERE, 'headless', 27200));
    await publishLiveServer(livePath, 27201, 'plugin', KEY);
    await publishLiveServer(livePath, 27202, 'plugin', KEY);
    expect(await onDisk()).toMatchObject({ port: 27202, displaced: { pid: ALIVE_ELSEWHERE } });
    await place({
      ...record(process.pid, 'plugin', 27202),
      displaced: record(goneProcess(), 'headless', 1),
    });
    await withdrawLiveServer(livePath, 27202);
    expect(await onDisk()).toBeNull();
  });

  test('a headless server never overwrites a live plugin, and never withdraws its record', async () => {
    const plugin = record(ALIVE_ELSEWHERE, 'plugin', 27200);
    await place(plugin);
    await publishLiveServer(livePath, 27201, 'headless', KEY);
    await withdrawLiveServer(livePath, 27201);
    expect(await onDisk()).toEqual(plugin);
  });
});
