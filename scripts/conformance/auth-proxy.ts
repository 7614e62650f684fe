/**
 * A loopback proxy that lets the conformance harness, which sends no credentials, reach the
 * headless server: every request is forwarded with `Authorization: Bearer <token>` added, and
 * every response is streamed back as it arrives (SSE included). Only the proxy's own loopback
 * Host (`127.0.0.1:<proxyPort>`, `localhost:<proxyPort>`) is rewritten to the server's; any other
 * Host and every Origin pass through unchanged, so the server's DNS-rebinding and Origin checks
 * still judge exactly what the harness sent.
 */
import {
  Agent,
  createServer,
  request as forward,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';

export interface AuthProxyOptions {
  /** The server's endpoint, e.g. http://127.0.0.1:27210/mcp (loopback only). */
  target: URL;
  token: string;
}

export interface AuthProxy {
  /** The target's path on the proxy's port. */
  url: string;
  close(): Promise<void>;
}

/** Connection-scoped headers: each hop has its own. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

export async function startAuthProxy({ target, token }: AuthProxyOptions): Promise<AuthProxy> {
  const upstreamPort = Number(target.port);
  const agent = new Agent({ keepAlive: true });
  let port = 0;

  const server = createServer((request, response) => {
    const host = translateHost(request.headers.host, port, upstreamPort);
    const headers: OutgoingHttpHeaders = {
      ...endToEnd(request.headers),
      ...(host !== undefined && { host }),
      authorization: `Bearer ${token}`,
    };
    const upstream = forward(
      {
        host: target.hostname,
        port: upstreamPort,
        method: request.method,
        path: request.url,
        headers,
        agent,
      },
      (reply) => relay(reply, response),
    );
    upstream.on('error', () => {
      if (response.headersSent) response.destroy();
      else response.writeHead(502, { 'content-type': 'text/plain' }).end('Bad gateway');
    });
    // A client that stops reading (the harness cancels SSE readers) must not keep the upstream open.
    response.on('close', () => {
      if (!response.writableFinished) upstream.destroy();
    });
    request.pipe(upstream);
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  port = (server.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${port}${target.pathname}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
        agent.destroy();
      }),
  };
}

function relay(reply: IncomingMessage, response: ServerResponse): void {
  response.writeHead(reply.statusCode ?? 502, endToEnd(reply.headers));
  response.flushHeaders();
  reply.pipe(response);
  reply.on('error', () => response.destroy());
}

function endToEnd(headers: IncomingHttpHeaders): OutgoingHttpHeaders {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name)));
}

/** The proxy's own loopback Host becomes the server's; anything else is left for the server to judge. */
function translateHost(host: string | undefined, proxyPort: number, upstreamPort: number) {
  const value = host?.toLowerCase();
  if (value === `127.0.0.1:${proxyPort}` || value === `localhost:${proxyPort}`) {
    return `${value.slice(0, value.lastIndexOf(':'))}:${upstreamPort}`;
  }
  return host;
}
