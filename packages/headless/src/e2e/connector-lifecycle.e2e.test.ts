/**
 * startConnector's one lifecycle (packages/obsidian-plugin/src/lifecycle.ts): close releases the
 * port and everything the start subscribed, watched or scheduled, and a start that fails or is
 * stopped half way (the port taken, a part throwing, the plugin unloading at any step) releases
 * what it had started and leaves the settings store reusable. Counted on the real NodeHost and
 * SettingsStore: every vault and settings subscription, every timer and every socket made during
 * the start must be gone afterwards.
 */
import { afterEach, describe, expect, test } from 'bun:test';
import { startConnector } from '@mcp-connector/obsidian-plugin/connector';
import { SettingsStore } from '@mcp-connector/obsidian-plugin/settings';
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { NodeHost } from '../node-host/node-host.ts';
import { settingsPathOf } from '../serve.ts';
import { buildVault, type TempVault } from '../test-support/index.ts';
import { trackTimers, type TimerTracker } from '../test-support/timer-tracker.ts';

interface Tracked {
  host: NodeHost;
  settings: SettingsStore;
  liveVaultListeners: () => number;
  liveSettingsListeners: () => number;
  /** Whether the store is watching data.json for other programs' changes. */
  settingsWatched: () => boolean;
  settingsCloses: () => number;
  /** Makes the connector's n-th vault subscription (1-based) throw. */
  failSubscription: (n: number) => void;
}

let vault: TempVault | null = null;
let cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanup.reverse()) await step();
  cleanup = [];
  await vault?.remove();
  vault = null;
});

/** Wraps the subscription methods of a real host and store, counting what stays subscribed. */
async function tracked(): Promise<Tracked> {
  vault = await buildVault({ 'Prompts/Summarize.md': '---\ntags: [prompt]\n---\nSummarize.\n' });
  const host = await NodeHost.open(vault.root, { watch: false });
  cleanup.push(() => host.close());
  const settings = await SettingsStore.open(settingsPathOf(vault.root));
  cleanup.push(async () => settings.close());
  let closes = 0;
  let subscriptions = 0;
  let failing = 0;
  const vaultListeners = counted(host.onEvent.bind(host), () => {
    if (++subscriptions === failing) throw new Error('the vault refused a listener');
  });
  host.onEvent = vaultListeners.subscribe;
  const settingsListeners = counted(settings.onChange.bind(settings));
  settings.onChange = settingsListeners.subscribe;
  let watched = false;
  const watch = settings.watch.bind(settings);
  settings.watch = async () => {
    await watch();
    watched = true;
  };
  const close = settings.close.bind(settings);
  settings.close = () => {
    closes++;
    watched = false;
    close();
  };
  return {
    host,
    settings,
    liveVaultListeners: vaultListeners.live,
    liveSettingsListeners: settingsListeners.live,
    settingsWatched: () => watched,
    settingsCloses: () => closes,
    failSubscription: (n) => {
      failing = n;
    },
  };
}

/** A subscribe function that counts its live subscriptions; `before` may refuse one. */
function counted<Listener>(
  subscribe: (listener: Listener) => () => unknown,
  before: () => void = () => undefined,
) {
  let live = 0;
  return {
    live: () => live,
    subscribe: (listener: Listener): (() => boolean) => {
      before();
      const off = subscribe(listener);
      live++;
      let done = false;
      return () => {
        if (!done) {
          live--;
          off();
        }
        done = true;
        return true;
      };
    },
  };
}

function listen(server: Server, port = 0): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });
}

async function occupyPort(): Promise<number> {
  const server = createServer();
  const port = await listen(server);
  cleanup.push(() => new Promise((resolve) => server.close(() => resolve())));
  return port;
}

async function failureOf(start: Promise<unknown>): Promise<Error> {
  return start.then(
    () => new Error('the start succeeded'),
    (error: unknown) => error as Error,
  );
}

function expectAllReleased(vaultState: Tracked): void {
  expect({
    vaultListeners: vaultState.liveVaultListeners(),
    settingsListeners: vaultState.liveSettingsListeners(),
    settingsCloses: vaultState.settingsCloses(),
  }).toEqual({ vaultListeners: 0, settingsListeners: 0, settingsCloses: 1 });
}

describe('startConnector', () => {
  test('close releases the port and every subscription the start made', async () => {
    const state = await tracked();
    const connector = await startConnector({
      host: state.host,
      settings: state.settings,
      version: 'test',
      port: 0,
    });
    expect(state.liveVaultListeners()).toBeGreaterThan(0);
    expect(state.liveSettingsListeners()).toBeGreaterThan(0);
    await connector.close();
    expectAllReleased(state);
    const again = createServer();
    expect(await listen(again, connector.port)).toBe(connector.port);
    await new Promise<void>((resolve) => again.close(() => resolve()));
    await connector.close(); // a second close releases nothing twice
    expect(state.settingsCloses()).toBe(1);
  });

  test('a start whose port is taken releases everything it had started', async () => {
    const state = await tracked();
    const taken = await occupyPort();
    const start = startConnector({
      host: state.host,
      settings: state.settings,
      version: 'test',
      port: taken,
    });
    expect((await failureOf(start)).message).toStartWith(
      `Port ${taken} on 127.0.0.1 is already in use.`,
    );
    expectAllReleased(state);
    // The same store and host start cleanly afterwards.
    const connector = await startConnector({
      host: state.host,
      settings: state.settings,
      version: 'test',
      port: 0,
    });
    await connector.close();
    expect(state.liveVaultListeners()).toBe(0);
  });

  test('a part failing half way (the prompts watcher) releases the parts started before it', async () => {
    const state = await tracked();
    // The hidden-folders guard subscribes first, the prompts watcher second.
    state.failSubscription(2);
    const reported: Error[] = [];
    const start = startConnector({
      host: state.host,
      settings: state.settings,
      version: 'test',
      port: 0,
      onError: (error) => reported.push(error),
    });
    expect((await failureOf(start)).message).toBe('the vault refused a listener');
    expectAllReleased(state);
    expect(reported).toEqual([]);
  });
});

/**
 * A kept-alive connection to the server, idle after one answered call, and a promise that
 * settles when the server drops it. (A call first: Bun's node:http sees no connection before its
 * first request.)
 */
async function holdConnection(
  port: number,
  token: string,
): Promise<{ socket: Socket; dropped: Promise<void> }> {
  const socket = connect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} });
  socket.write(
    [
      'POST /mcp HTTP/1.1',
      `Host: 127.0.0.1:${port}`,
      `Authorization: Bearer ${token}`,
      'Content-Type: application/json',
      'Accept: application/json, text/event-stream',
      'Connection: keep-alive',
      `Content-Length: ${Buffer.byteLength(body)}`,
      '',
      body,
    ].join('\r\n'),
  );
  await new Promise((resolve) => socket.once('data', resolve));
  const dropped = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  return { socket, dropped };
}

async function portIsFree(port: number): Promise<boolean> {
  const server = createServer();
  const bound = await listen(server, port).then(
    () => true,
    () => false,
  );
  if (bound) await new Promise<void>((resolve) => server.close(() => resolve()));
  return bound;
}

function expectNothingLeft(state: Tracked, timers: TimerTracker): void {
  expect({
    vaultListeners: state.liveVaultListeners(),
    settingsListeners: state.liveSettingsListeners(),
    settingsWatched: state.settingsWatched(),
  }).toEqual({ vaultListeners: 0, settingsListeners: 0, settingsWatched: false });
  expect(timers.live().map((timer) => `${timer.kind} from\n${timer.createdAt}`)).toEqual([]);
}

/** The steps a full start goes through, in order, as it reports them. */
async function stepsOfAStart(): Promise<string[]> {
  const state = await tracked();
  const steps: string[] = [];
  const connector = await startConnector({
    host: state.host,
    settings: state.settings,
    indexing: state.host.indexing,
    version: 'test',
    port: 0,
    onStartStep: (step) => steps.push(step),
  });
  await connector.close();
  await vault?.remove();
  vault = null;
  return steps;
}

// Learnt from a real start, so a part added to the start is stopped after too.
const steps = await stepsOfAStart();

describe('closing the connector at every step of its start', () => {
  test('the start reports its parts, ready last', () => {
    expect(steps.length).toBeGreaterThan(8);
    expect(steps.at(-1)).toBe('ready');
  });

  for (const step of steps) {
    test(`stopped after "${step}": no listener, timer or socket is left`, async () => {
      const state = await tracked();
      const timers = trackTimers();
      cleanup.push(async () => timers.stop());
      const stopping = new AbortController();
      const start = startConnector({
        host: state.host,
        settings: state.settings,
        indexing: state.host.indexing,
        version: 'test',
        port: 0,
        signal: stopping.signal,
        onStartStep: (reached) => {
          if (reached === step) stopping.abort();
        },
      });
      const failure = await failureOf(start);
      expect(failure.name).toBe('StartStopped');
      expectNothingLeft(state, timers);
    });
  }

  test('closed just after ready, before its warm-up turn: nothing is left, nothing runs', async () => {
    const state = await tracked();
    const timers = trackTimers();
    cleanup.push(async () => timers.stop());
    const connector = await startConnector({
      host: state.host,
      settings: state.settings,
      indexing: state.host.indexing,
      version: 'test',
      port: 0,
    });
    expect(connector.state).toBe('ready');
    await connector.close();
    expect(connector.state).toBe('closed');
    expect(await portIsFree(connector.port)).toBe(true);
    expectNothingLeft(state, timers);
    // The turn the warm-up would have taken has passed: it subscribed nothing.
    await new Promise((resolve) => setImmediate(resolve));
    expect(state.liveVaultListeners()).toBe(0);
  });

  test('closed once serving a call: nothing is left, the idle connection is dropped', async () => {
    const state = await tracked();
    const timers = trackTimers();
    cleanup.push(async () => timers.stop());
    const connector = await startConnector({
      host: state.host,
      settings: state.settings,
      indexing: state.host.indexing,
      version: 'test',
      port: 0,
    });
    const held = await holdConnection(connector.port, connector.defaultToken?.secret ?? '');
    await connector.close();
    await held.dropped;
    expect(await portIsFree(connector.port)).toBe(true);
    expectNothingLeft(state, timers);
  });
});
