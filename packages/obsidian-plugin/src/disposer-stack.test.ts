import { describe, expect, test } from 'bun:test';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DisposerStack } from './disposer-stack.ts';

function listen(server: Server, port = 0): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => server.close(() => resolve()));
}

describe('DisposerStack', () => {
  test('releases in reverse order, each once', async () => {
    const stack = new DisposerStack();
    const released: string[] = [];
    for (const name of ['settings', 'policy', 'transport'])
      stack.defer(() => void released.push(name));
    await stack.dispose();
    await stack.dispose();
    expect(released).toEqual(['transport', 'policy', 'settings']);
  });

  test('a failing release does not stop the others, and its error is thrown after them', async () => {
    const stack = new DisposerStack();
    const released: string[] = [];
    stack.defer(() => void released.push('first'));
    stack.defer(async () => {
      throw new Error('policy would not close');
    });
    stack.defer(() => void released.push('last'));
    let thrown: unknown = null;
    await stack.dispose().catch((error: unknown) => (thrown = error));
    expect(released).toEqual(['last', 'first']);
    expect((thrown as Error).message).toBe('policy would not close');
  });

  test('several failing releases are thrown together', async () => {
    const stack = new DisposerStack();
    stack.defer(() => {
      throw new Error('a');
    });
    stack.defer(() => {
      throw new Error('b');
    });
    let thrown: unknown = null;
    await stack.dispose().catch((error: unknown) => (thrown = error));
    expect(thrown).toBeInstanceOf(AggregateError);
    expect((thrown as AggregateError).errors.map((error: Error) => error.message)).toEqual([
      'b',
      'a',
    ]);
  });

  test('a start that fails half way releases the port it bound and what started before', async () => {
    const stack = new DisposerStack();
    const released: string[] = [];
    const reported: unknown[] = [];
    let port = 0;
    const start = stack.start(
      async (started) => {
        started.defer(() => void released.push('watcher'));
        const server = createServer();
        port = await listen(server);
        started.defer(() => closeServer(server));
        started.defer(() => {
          throw new Error('a release that fails too');
        });
        throw new Error('the prompts watcher did not start');
      },
      (error) => reported.push(error),
    );
    const failure = await start.then(
      () => null,
      (error: unknown) => error as Error,
    );
    expect(failure?.message).toBe('the prompts watcher did not start');
    expect(released).toEqual(['watcher']);
    expect(reported.map((error) => (error as Error).message)).toEqual(['a release that fails too']);
    // The port is free again: another server binds exactly it.
    const again = createServer();
    expect(await listen(again, port)).toBe(port);
    await closeServer(again);
    // Nothing is left to release.
    await stack.dispose();
    expect(released).toEqual(['watcher']);
  });

  test('a start that succeeds keeps everything until dispose', async () => {
    const stack = new DisposerStack();
    const released: string[] = [];
    const value = await stack.start(
      async (started) => {
        started.defer(() => void released.push('settings'));
        return 42;
      },
      () => undefined,
    );
    expect(value).toBe(42);
    expect(released).toEqual([]);
    await stack.dispose();
    expect(released).toEqual(['settings']);
  });
});
