import { afterEach, describe, expect, test } from 'bun:test';
import { rejectionOf } from '@mcp-connector/shared/test-support';
import { createServer, type Server } from 'node:http';
import { PortUnavailableError, listenOnLoopback } from './loopback-listen.ts';

const servers: Server[] = [];
function track(server: Server): Server {
  servers.push(server);
  return server;
}
afterEach(async () => {
  await Promise.all(
    servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))),
  );
});

async function occupiedPort(): Promise<number> {
  return listenOnLoopback(track(createServer()), 0);
}

describe('listenOnLoopback', () => {
  test('binds 127.0.0.1 on the first free port of the range', async () => {
    const taken = await occupiedPort();
    const free = await occupiedPort();
    const freed = servers.pop() as Server;
    await new Promise((resolve) => freed.close(resolve));
    const server = track(createServer());
    expect(await listenOnLoopback(server, null, [taken, free])).toBe(free);
    expect(server.address()).toMatchObject({ address: '127.0.0.1', port: free });
  });

  test('a fixed port that is taken fails with an error naming it, and never falls back', async () => {
    const taken = await occupiedPort();
    const attempt = listenOnLoopback(track(createServer()), taken, [taken + 1]);
    const error = await rejectionOf(attempt);
    expect(error.message).toContain(`Port ${taken} on 127.0.0.1 is already in use`);
    expect(error.code).toBe('port_in_use');
  });

  test('a full range fails with port_range_exhausted', async () => {
    const range = [await occupiedPort(), await occupiedPort()];
    const attempt = listenOnLoopback(track(createServer()), null, range);
    const error = await rejectionOf(attempt);
    expect(error).toBeInstanceOf(PortUnavailableError);
    expect(error.code).toBe('port_range_exhausted');
  });
});
