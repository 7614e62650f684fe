import { afterEach, describe, expect, test } from 'bun:test';
import type { AuthInfo } from '@modelcontextprotocol/server';
import { request as httpRequest } from 'node:http';
import { closeLoopbackServers, serveOnLoopback } from '../test-support/loopback-server.ts';
import { toNodeMcpHandler, type WebMcpHandler } from './node-adapter.ts';

afterEach(closeLoopbackServers);

/** A loopback server that hands `{"id":1}` as the parsed body, and `request.auth` if given. */
function serve(handler: WebMcpHandler, auth?: AuthInfo): Promise<number> {
  const node = toNodeMcpHandler(handler);
  return serveOnLoopback((request, response) => {
    if (auth !== undefined) Object.assign(request, { auth });
    void node(request, response, { id: 1 });
  });
}

interface Received {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  chunks: string[];
}

function post(port: number, onChunk: (chunk: string) => void = () => undefined) {
  return new Promise<Received>((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, method: 'POST', path: '/mcp' }, (res) => {
      const chunks: string[] = [];
      res.on('data', (chunk: Buffer) => {
        chunks.push(chunk.toString('utf8'));
        onChunk(chunk.toString('utf8'));
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, chunks }));
    });
    req.on('error', reject);
    req.end('{"id":1}');
  });
}

describe('toNodeMcpHandler', () => {
  test('hands over the parsed body and request.auth, and writes an answer of known length whole', async () => {
    const seen: { parsedBody?: unknown; authInfo?: AuthInfo; method?: string }[] = [];
    const auth: AuthInfo = { token: 'id-1', clientId: 'id-1', scopes: [] };
    const port = await serve(
      {
        fetch: async (request, init) => {
          seen.push({ ...init, method: request.method });
          const body = new TextEncoder().encode('{"result":{},"jsonrpc":"2.0","id":1}');
          return new Response(body, {
            status: 200,
            headers: { 'content-type': 'application/json', 'content-length': `${body.length}` },
          });
        },
      },
      auth,
    );
    const received = await post(port);
    expect(seen).toEqual([{ parsedBody: { id: 1 }, authInfo: auth, method: 'POST' }]);
    expect(received.status).toBe(200);
    expect(received.headers['content-type']).toBe('application/json');
    expect(received.headers['transfer-encoding']).toBeUndefined();
    expect(received.chunks.join('')).toBe('{"result":{},"jsonrpc":"2.0","id":1}');
  });

  test('streams a body of unknown length as it comes: the first event arrives before the next is made', async () => {
    let sendSecond: () => void = () => undefined;
    const port = await serve({
      fetch: async () => {
        const encoder = new TextEncoder();
        const body = new ReadableStream<Uint8Array>({
          start: (controller) => {
            controller.enqueue(encoder.encode('event: message\ndata: {"method":"n"}\n\n'));
            sendSecond = () => {
              controller.enqueue(encoder.encode('event: message\ndata: {"id":1}\n\n'));
              controller.close();
            };
          },
        });
        return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
      },
    });
    // The second event is only made once the first has reached the client.
    const received = await post(port, (chunk) => {
      if (chunk.includes('"method"')) sendSecond();
    });
    expect(received.headers['content-type']).toBe('text/event-stream');
    expect(received.chunks.join('')).toBe(
      'event: message\ndata: {"method":"n"}\n\nevent: message\ndata: {"id":1}\n\n',
    );
  });

  test('a client that goes away aborts the request the handler sees, and the stream is cancelled', async () => {
    let started: () => void = () => undefined;
    const handlerStarted = new Promise<void>((resolve) => (started = resolve));
    const outcome: Promise<string>[] = [];
    const port = await serve({
      fetch: async (request) => {
        outcome.push(
          new Promise((resolve) =>
            request.signal.addEventListener('abort', () => resolve('aborted')),
          ),
        );
        let cancelled: (reason: string) => void = () => undefined;
        outcome.push(new Promise((resolve) => (cancelled = resolve)));
        started();
        // An event stream that would never send anything more.
        const body = new ReadableStream<Uint8Array>({ cancel: () => cancelled('cancelled') });
        return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
      },
    });
    const req = httpRequest({ host: '127.0.0.1', port, method: 'POST', path: '/mcp' });
    req.on('error', () => undefined);
    req.end('{"id":1}');
    await handlerStarted;
    req.destroy();
    expect(await Promise.all(outcome)).toEqual(['aborted', 'cancelled']);
  });
});
