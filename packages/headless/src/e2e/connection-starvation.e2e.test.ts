/**
 * Sockets that never pass the token check cannot starve a client that holds a token: with the
 * default limits, 64 silent connections and 64 whose request heads trickle in a byte at a time
 * leave room for 60 new connections of a valid client, each answered; and a stranger that sends
 * no complete head is closed after the head time limit, body time limit or not.
 */
import { afterAll, beforeAll, expect, test } from 'bun:test';
import { connect, type Socket } from 'node:net';
import { serveVault, type HeadlessServer } from '../serve.ts';
import { buildVault, type TempVault } from '../test-support/index.ts';

let vault: TempVault;
let server: HeadlessServer;
const attackers: Socket[] = [];
const trickles: NodeJS.Timeout[] = [];

beforeAll(async () => {
  vault = await buildVault({ 'note.md': 'hello\n' });
  server = await serveVault({ vault: vault.root, port: 0 });
});
afterAll(async () => {
  trickles.forEach(clearInterval);
  attackers.forEach((socket) => socket.destroy());
  await server.close();
  await vault.remove();
});

function open(port: number): Promise<Socket> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.on('error', () => undefined);
    socket.once('connect', () => resolve(socket));
  });
}

/** One request on a connection of its own; resolves with the status line, or '' if refused. */
function listToolsOnNewConnection(port: number, secret: string): Promise<string> {
  const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} });
  const head = [
    'POST /mcp HTTP/1.1',
    `Host: 127.0.0.1:${port}`,
    `Authorization: Bearer ${secret}`,
    'Content-Type: application/json',
    'Accept: application/json, text/event-stream',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Connection: close',
  ];
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk) => (received += chunk.toString('utf8')));
    socket.on('close', () => resolve(received.split('\r\n')[0] ?? ''));
    socket.on('error', () => undefined);
    socket.write(`${head.join('\r\n')}\r\n\r\n${body}`);
  });
}

test('64 silent and 64 trickling strangers leave room for 60 new connections of a client', async () => {
  const { port } = server;
  for (let index = 0; index < 64; index++) attackers.push(await open(port));
  const trickled = `POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nX-Padding: ${'a'.repeat(4000)}`;
  for (let index = 0; index < 64; index++) {
    const socket = await open(port);
    attackers.push(socket);
    let sent = 0;
    const timer = setInterval(() => {
      if (!socket.destroyed && sent < trickled.length) socket.write(trickled[sent++] ?? '');
    }, 50);
    trickles.push(timer);
  }
  const secret = server.defaultToken?.secret ?? '';
  const statuses = await Promise.all(
    Array.from({ length: 60 }, () => listToolsOnNewConnection(port, secret)),
  );
  expect(statuses.filter((status) => status === 'HTTP/1.1 200 OK')).toHaveLength(60);
}, 60_000);

test('a stranger that sends no complete head is closed after the head time limit', async () => {
  const strictVault = await buildVault({ 'note.md': 'hello\n' });
  const strict = await serveVault({
    vault: strictVault.root,
    port: 0,
    transportLimits: { headTimeoutMs: 200, bodyTimeoutMs: 60_000 },
  });
  try {
    const socket = await open(strict.port);
    socket.write('POST /mcp HTTP/1.1\r\nHost: 127.0');
    // Closed by the server within the test's time, or the test fails by its timeout.
    await new Promise<void>((resolve) => socket.once('close', () => resolve()));
    expect(socket.destroyed).toBe(true);
  } finally {
    await strict.close();
    await strictVault.remove();
  }
});
