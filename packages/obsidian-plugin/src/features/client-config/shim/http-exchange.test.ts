import { afterEach, describe, expect, test } from 'bun:test';
import { newProofKey, proofOf } from '@mcp-connector/shared/server-proof';
import { createServer, type Server } from 'node:http';
import { proveServer } from './http-exchange.ts';

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(
    servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))),
  );
});

async function listening(server: Server): Promise<number> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as { port: number }).port;
}

const key = newProofKey();

describe('proveServer', () => {
  test('the server holding the key on that port is proven', async () => {
    let port = 0;
    port = await listening(
      createServer((request, response) => {
        const challenge = new URL(request.url ?? '', 'http://x').searchParams.get('challenge');
        response.end(JSON.stringify({ proof: proofOf(key, challenge ?? '', port) }));
      }),
    );
    expect(await proveServer({ port, proofKey: key })).toBe('proven');
  });

  test('a wrong answer is not proven; a connection closed unanswered is late, not an impostor', async () => {
    const impostor = await listening(
      createServer((_request, response) => response.end(JSON.stringify({ proof: '0'.repeat(64) }))),
    );
    expect(await proveServer({ port: impostor, proofKey: key })).toBe('not_proven');
    const busy = await listening(createServer((request) => request.socket.destroy()));
    expect(await proveServer({ port: busy, proofKey: key })).toBe('late');
  });
});
