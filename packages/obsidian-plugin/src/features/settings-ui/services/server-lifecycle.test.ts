import { afterEach, expect, test } from 'bun:test';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RunningConnector } from '../../../connector.ts';
import { SettingsStore } from '../../settings/index.ts';
import { ServerLifecycle } from './server-lifecycle.ts';

let folder = '';
afterEach(async () => {
  if (folder !== '') await rm(folder, { recursive: true, force: true });
  folder = '';
});

async function openStore(): Promise<SettingsStore> {
  folder = await mkdtemp(join(tmpdir(), 'server-lifecycle-'));
  return SettingsStore.open(join(folder, 'data.json'));
}

test('stop while a start is under way aborts it, and the state is stopped, not failed', async () => {
  const store = await openStore();
  let signalled: AbortSignal | null = null;
  let reachedStart: () => void = () => undefined;
  const started = new Promise<void>((resolve) => (reachedStart = resolve));
  const server = new ServerLifecycle(store, (_settings, signal) => {
    signalled = signal;
    reachedStart();
    // A start that only ends when it is stopped, as the connector's does at its next step.
    return new Promise<RunningConnector>((_resolve, reject) =>
      signal.addEventListener('abort', () => reject(new Error('stopped')), { once: true }),
    );
  });
  const starting = server.start();
  await started;
  expect(server.status().state).toBe('starting');
  await server.stop();
  await starting;
  expect((signalled as AbortSignal | null)?.aborted).toBe(true);
  expect(server.status()).toMatchObject({ state: 'stopped', error: null });
  expect(server.running).toBeNull();
});
