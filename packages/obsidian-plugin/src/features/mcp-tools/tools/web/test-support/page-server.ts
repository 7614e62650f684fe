/**
 * A local web server for fetch tests, on 127.0.0.1 with the system's choice of port, reached as
 * `pages.test` through routeTestHost (the address policy refuses loopback otherwise). It records
 * every path it serves, so a test can prove a refused redirect never reached its target.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { routeTestHost } from '../services/test-hosts.ts';

export const PAGE_HOST = 'pages.test';

export const ARTICLE_HTML = `<!doctype html><html><head><title>Bees</title><style>p{}</style></head>
<body><h1>All about bees</h1><p>Bees make <strong>honey</strong>. See <a href="/plain">the notes</a>.</p>
<script>document.write('tracking')</script><ul><li>worker</li><li>drone</li></ul>
<img src="img/bee.png" alt="a bee"></body></html>`;

export interface PageServer {
  port: number;
  /** Paths served, in order. */
  hits: string[];
  url(path: string, host?: string): string;
  close(): Promise<void>;
}

type Route = (response: ServerResponse, server: PageServer, request: IncomingMessage) => void;

const ROUTES: Record<string, Route> = {
  '/page': (response) => send(response, 'text/html; charset=utf-8', ARTICLE_HTML),
  '/plain': (response) => send(response, 'text/plain', 'line one\nline two\n'),
  '/latin1': (response) =>
    send(response, 'text/html; charset=iso-8859-1', Buffer.from('<p>caf\xe9</p>', 'latin1')),
  '/gzip': (response) => {
    response.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' });
    response.end(gzipSync(ARTICLE_HTML));
  },
  '/image': (response) => send(response, 'image/png', Buffer.from([137, 80, 78, 71])),
  '/missing': (response) => {
    response.writeHead(404, { 'content-type': 'text/plain' });
    response.end('no such page');
  },
  '/big': (response) => {
    response.writeHead(200, { 'content-type': 'text/plain' });
    response.end('x'.repeat(6 * 1024 * 1024));
  },
  '/big-chunked': (response) => {
    response.writeHead(200, { 'content-type': 'text/plain' });
    for (let chunk = 0; chunk < 6; chunk++) response.write('y'.repeat(1024 * 1024));
    response.end();
  },
  '/secret': (response) => send(response, 'text/plain', 'internal secret'),
  '/slow': () => undefined,
};

function send(response: ServerResponse, contentType: string, body: string | Buffer): void {
  response.writeHead(200, { 'content-type': contentType });
  response.end(body);
}

function redirect(response: ServerResponse, location: string): void {
  response.writeHead(302, { location });
  response.end();
}

/** /to?url=<location> redirects anywhere; /chain/<n> redirects n times, then serves /page. */
function handle(request: IncomingMessage, response: ServerResponse, server: PageServer): void {
  const url = new URL(request.url ?? '/', 'http://pages.test');
  server.hits.push(url.pathname);
  if (url.pathname === '/to') return redirect(response, url.searchParams.get('url') ?? '/page');
  const chain = /^\/chain\/(\d+)$/.exec(url.pathname);
  if (chain !== null) {
    const left = Number(chain[1]);
    return redirect(response, left === 0 ? '/page' : `/chain/${left - 1}`);
  }
  const route = ROUTES[url.pathname];
  if (route === undefined) {
    response.writeHead(404);
    response.end();
    return;
  }
  route(response, server, request);
}

export async function startPageServer(): Promise<PageServer> {
  const http = createServer((request, response) => handle(request, response, server));
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const port = (http.address() as AddressInfo).port;
  const unroute = routeTestHost(PAGE_HOST, '127.0.0.1');
  const server: PageServer = {
    port,
    hits: [],
    url: (path, host = PAGE_HOST) => `http://${host}:${port}${path}`,
    close: async () => {
      unroute();
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
  return server;
}
