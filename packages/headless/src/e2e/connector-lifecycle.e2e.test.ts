/**
 * startConnector's one stack of releases (packages/obsidian-plugin/src/connector.ts): close
 * releases the port and everything the start subscribed or watched, and a start that fails half
 * way (the port taken, or a part throwing before the transport starts) releases what it had
 * started and leaves the settings store reusable. Counted on the real NodeHost and SettingsStore:
 * every vault and settings subscription made during the start must be gone afterwards.
 */
import { afterEach, describe, expect, test } from 'bun:test';
import { startConnector } from '@mcp-connector/obsidian-plugin/connector';
import { SettingsStore } from '@mcp-connector/obsidian-plugin/settings';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { NodeHost } from '../node-host/node-host.ts';
import { settingsPathOf } from '../serve.ts';
import { buildVault, type TempVault } from '../test-support/index.ts';

interface Tracked {
  host: NodeHost;
  settings: SettingsStore;
  liveVaultListeners: () => number;
  liveSettingsListeners: () => number;
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
  const close = settings.close.bind(settings);
  settings.close = () => {
    closes++;
    close();
  };
  return {
    host,
    settings,
    liveVaultListeners: vaultListeners.live,
    liveSettingsListeners: settingsListeners.live,
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
