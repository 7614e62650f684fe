import { describe, expect, test } from 'bun:test';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Lifecycle, StartStopped } from './lifecycle.ts';

function listen(server: Server, port = 0): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => server.close(() => resolve()));
}

function failureOf(promise: Promise<unknown>): Promise<Error | null> {
  return promise.then(
    () => null,
    (error: unknown) => error as Error,
  );
}

/** Resolves on a turn after every immediate queued before it (they run in order). */
function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

const ignore = () => undefined;

describe('Lifecycle', () => {
  test('goes cold, starting, ready, closed, and releases what it started, newest first', async () => {
    const life = new Lifecycle();
    const released: string[] = [];
    const seen: string[] = [life.state];
    const value = await life.start(async () => {
      seen.push(life.state);
      life.defer(() => void released.push('settings'));
      life.defer(() => void released.push('transport'));
      return 42;
    }, ignore);
    seen.push(life.state);
    expect(value).toBe(42);
    expect(released).toEqual([]);
    await life.close();
    await life.close();
    seen.push(life.state);
    expect(seen).toEqual(['cold', 'starting', 'ready', 'closed']);
    expect(released).toEqual(['transport', 'settings']);
  });

  test('a start that fails half way releases the port it bound and what started before', async () => {
    const life = new Lifecycle();
    const released: string[] = [];
    const reported: unknown[] = [];
    let port = 0;
    const failure = await failureOf(
      life.start(
        async () => {
          life.defer(() => void released.push('watcher'));
          const server = createServer();
          port = await listen(server);
          life.defer(() => closeServer(server));
          life.defer(() => {
            throw new Error('a release that fails too');
          });
          throw new Error('the prompts watcher did not start');
        },
        (error) => reported.push(error),
      ),
    );
    expect(failure?.message).toBe('the prompts watcher did not start');
    expect(life.state).toBe('closed');
    expect(released).toEqual(['watcher']);
    expect(reported.map((error) => (error as Error).message)).toEqual(['a release that fails too']);
    const again = createServer();
    expect(await listen(again, port)).toBe(port);
    await closeServer(again);
    await life.close();
    expect(released).toEqual(['watcher']);
  });

  test('close during the start stops it at its next step and releases what it started', async () => {
    const life = new Lifecycle();
    const released: string[] = [];
    const closing: Promise<void>[] = [];
    const start = life.start(async () => {
      life.defer(() => void released.push('settings'));
      life.step('settings');
      closing.push(life.close());
      expect(released).toEqual([]); // the start releases, at its next step
      life.defer(() => void released.push('journal'));
      life.step('journal');
      life.defer(() => void released.push('never'));
    }, ignore);
    const failure = await failureOf(start);
    expect(failure).toBeInstanceOf(StartStopped);
    expect((failure as StartStopped).step).toBe('journal');
    await Promise.all(closing);
    expect(released).toEqual(['journal', 'settings']);
  });

  test('a close after the last step stops the start at ready', async () => {
    const life = new Lifecycle();
    const released: string[] = [];
    const failure = await failureOf(
      life.start(async () => {
        life.defer(() => void released.push('transport'));
        void life.close();
      }, ignore),
    );
    expect((failure as StartStopped).step).toBe('ready');
    expect(released).toEqual(['transport']);
  });

  test('an abort signal stops the start, and once started closes the connector', async () => {
    const stopping = new AbortController();
    const steps: string[] = [];
    const life = new Lifecycle({
      signal: stopping.signal,
      onStep: (step) => {
        steps.push(step);
        if (step === 'policy') stopping.abort();
      },
    });
    const failure = await failureOf(
      life.start(async () => {
        life.step('settings');
        life.step('policy');
        life.step('prompts');
      }, ignore),
    );
    expect((failure as StartStopped).step).toBe('policy');
    expect(steps).toEqual(['settings', 'policy']);

    const later = new AbortController();
    const running = new Lifecycle({ signal: later.signal });
    const released: string[] = [];
    await running.start(async () => running.defer(() => void released.push('port')), ignore);
    later.abort();
    await running.close();
    expect(released).toEqual(['port']);
  });

  test('work for later runs a turn later, and not at all once closed', async () => {
    const life = new Lifecycle();
    const ran: string[] = [];
    await life.start(async () => undefined, ignore);
    life.later(() => ran.push('warm-up'));
    expect(ran).toEqual([]);
    await nextTurn();
    expect(ran).toEqual(['warm-up']);

    let ready: () => void = ignore;
    life.afterFulfilled(new Promise<void>((resolve) => (ready = resolve)), () => ran.push('late'));
    life.later(() => ran.push('cancelled'));
    await life.close();
    ready();
    await nextTurn();
    await nextTurn();
    expect(ran).toEqual(['warm-up']);
  });

  test('a lifecycle starts once', async () => {
    const life = new Lifecycle();
    await life.start(async () => undefined, ignore);
    expect((await failureOf(life.start(async () => undefined, ignore)))?.message).toBe(
      'A ready lifecycle cannot start again.',
    );
  });
});
