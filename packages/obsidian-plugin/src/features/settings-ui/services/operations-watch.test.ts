import { afterEach, expect, test } from 'bun:test';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RunningConnector } from '../../../connector.ts';
import { Operations } from '../../long-work/index.ts';
import { SettingsStore } from '../../settings/index.ts';
import { OperationsWatch } from './operations-watch.ts';
import { ServerLifecycle } from './server-lifecycle.ts';

let folder = '';
afterEach(async () => {
  if (folder !== '') await rm(folder, { recursive: true, force: true });
  folder = '';
});

/** A server whose every start is a connector with an operations list of its own. */
async function servers() {
  folder = await mkdtemp(join(tmpdir(), 'operations-watch-'));
  const store = await SettingsStore.open(join(folder, 'data.json'));
  const clock = { now: 0 };
  const started: Operations[] = [];
  const server = new ServerLifecycle(store, async () => {
    const operations = new Operations({ now: () => clock.now, callerOf: () => 'Default' });
    started.push(operations);
    return {
      url: '',
      port: 0,
      operations,
      close: async () => undefined,
    } as Partial<RunningConnector> as RunningConnector;
  });
  return { server, clock, started };
}

test('follows the running server across restarts: its long calls, and a stop for them', async () => {
  const { server, clock, started } = await servers();
  let changes = 0;
  const watch = new OperationsWatch(server, () => changes++);
  await server.start();
  const first = started[0] as Operations;
  const call = first.start({ tool: 'search_and_replace', tokenId: 't' });
  clock.now = 2000;
  call.report(10, 40, 'Replacing in notes');
  expect(watch.shown()).toMatchObject([{ tool: 'search_and_replace', caller: 'Default' }]);
  expect(watch.stopAll().map((view) => view.tool)).toEqual(['search_and_replace']);
  expect(call.signal.aborted).toBe(true);
  expect(watch.stopAll()).toEqual([]); // stopping already
  first.end(call);
  await server.restart();
  const second = started[1] as Operations;
  const next = second.start({ tool: 'rename_heading', tokenId: 't' });
  clock.now = 4000;
  next.report(1, 2);
  expect(watch.shown().map((view) => view.tool)).toEqual(['rename_heading']);
  expect(changes).toBeGreaterThanOrEqual(4);
  watch.close();
  await server.stop();
});
