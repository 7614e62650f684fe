/**
 * The steps after ready (node-host.ts `prepareAggregates`) stand aside for the server's write
 * calls, not only for the write lock: a write's awaits before it takes the lock (the change
 * journal's) waited behind them too. Counted in steps run, across turns of the event loop.
 */
import { afterEach, expect, test } from 'bun:test';
import type { Activity } from '@mcp-connector/shared';
import { buildVault, type TempVault } from '../test-support/temp-vault.ts';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cacheKey } from './metadata-cache-key.ts';
import { NodeHost } from './node-host.ts';

let vault: TempVault | null = null;
let cacheDir: string | null = null;
const hosts: NodeHost[] = [];

afterEach(async () => {
  for (const host of hosts.splice(0)) await host.close();
  await vault?.remove();
  vault = null;
  if (cacheDir !== null) await rm(cacheDir, { recursive: true, force: true });
  cacheDir = null;
});

/** A write call the test starts and ends. */
function writeCall(): Activity & { end(): void } {
  let busy = true;
  let end = () => {};
  const ended = new Promise<void>((resolve) => (end = resolve));
  return {
    get busy() {
      return busy;
    },
    idle: () => (busy ? ended : Promise.resolve()),
    end() {
      busy = false;
      end();
    },
  };
}

const turns = async (count: number) => {
  for (let i = 0; i < count; i++) await new Promise(setImmediate);
};

test('no step after ready runs while a write call runs; they go on once it ends', async () => {
  vault = await buildVault({ 'a.md': 'To [[b]] #x', 'b.md': 'Back to [[a]]', 'c.md': '#y' });
  const host = await NodeHost.start(vault.root, { watch: false, parseThreads: 0 });
  hosts.push(host);
  const call = writeCall();
  host.standAsideFor(call);
  await host.indexing.ready();
  await turns(40);
  expect(host.stepsAfterReady).toBe(0);
  call.end();
  await host.startWorkDone();
  expect(host.stepsAfterReady).toBeGreaterThan(0);
});

test('a write call waiting for the texts the steps read is not kept waiting by them', async () => {
  vault = await buildVault({ 'a.md': 'A', 'b.md': 'B' });
  cacheDir = await mkdtemp(join(tmpdir(), 'mcp-meta-'));
  const metadataCache = { file: join(cacheDir, 'notes.bin'), key: cacheKey('1.0.0') };
  const cold = await NodeHost.open(vault.root, { watch: false, metadataCache });
  await cold.startWorkDone();
  await cold.close();
  const host = await NodeHost.start(vault.root, { watch: false, metadataCache });
  hosts.push(host);
  const call = writeCall();
  host.standAsideFor(call);
  await host.indexing.ready();
  expect(host.stepsAfterReady).toBe(0); // the texts restored unread are still to be read
  const texts = await host.answers().noteTexts(); // as a vault-wide replace would
  expect(texts.map((note) => note.path).sort()).toEqual(['a.md', 'b.md']);
  call.end();
});
