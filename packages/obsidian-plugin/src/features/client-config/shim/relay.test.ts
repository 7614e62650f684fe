/**
 * The relay against a stand-in server on loopback (port 0): SSE and JSON answers reach stdout
 * in order, and every local failure (401, revoked token, no server, deadline, unreadable answer,
 * bad input) becomes a JSON-RPC error with its stable code, logged without the payload.
 */
import { afterEach, beforeEach, describe, expect, test } from 'bun:test';
import { proofOf } from '@mcp-connector/shared/server-proof';
import { waitFor } from '@mcp-connector/shared/test-support';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { PassThrough } from 'node:stream';
import { bundleConfigFrom, type BundleConfig } from './bundle-env.ts';
import { LOCAL_FAILURES } from './local-errors.ts';
import { runRelay } from './relay.ts';
import { deviceHomeFor } from './vault-files.ts';
import { httpUpstream } from './upstream.ts';

const PROOF_KEY = 'b'.repeat(64);
let vault: string;
let server: Server | null;
let requests: { headers: IncomingMessage['headers']; body: string }[];

beforeEach(async () => {
  vault = await mkdtemp(join(tmpdir(), 'shim-vault-'));
  await mkdir(join(vault, '.obsidian', 'plugins', 'local-mcp-server'), { recursive: true });
  await writeSettings([{ id: 'tok', label: 'T', secret: 'the-secret' }]);
  server = null;
  requests = [];
});
afterEach(async () => {
  await new Promise((resolve) => (server === null ? resolve(null) : server.close(resolve)));
  server?.closeAllConnections();
  await rm(vault, { recursive: true, force: true });
});

const pluginFile = (name: string) => join(vault, '.obsidian', 'plugins', 'local-mcp-server', name);

function writeSettings(tokens: unknown[], port: number | null = null) {
  return writeFile(pluginFile('data.json'), JSON.stringify({ transport: { port }, tokens }));
}

async function serve(answer: (body: string, response: ServerResponse) => void): Promise<void> {
  server = createServer((request, response) => {
    if (request.method === 'GET') return answerProof(request, response);
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      requests.push({ headers: request.headers, body });
      answer(body, response);
    });
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  // Where a server of this vault on this device says where it listens (ADR-0033).
  const live = deviceHomeFor({ vault }).liveServer;
  await mkdir(dirname(live), { recursive: true });
  await writeFile(
    live,
    JSON.stringify({ port, pid: process.pid, host: 'node', startedAt: '', proofKey: PROOF_KEY }),
  );
}

/** The stand-in proves it is the server, as a real one does (ADR-0042). */
function answerProof(request: IncomingMessage, response: ServerResponse): void {
  const url = new URL(request.url ?? '', 'http://127.0.0.1');
  const address = server?.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  const challenge = url.searchParams.get('challenge') ?? '';
  response.end(JSON.stringify({ proof: proofOf(PROOF_KEY, challenge, port) }));
}

function config(env: Record<string, string> = {}): BundleConfig {
  const parsed = bundleConfigFrom({
    MCP_CONNECTOR_VAULT: vault,
    MCP_CONNECTOR_TOKEN_ID: 'tok',
    ...env,
  });
  if ('reason' in parsed) throw new Error(parsed.reason);
  return parsed;
}

/** Sends lines to a relay and returns what it wrote to stdout and stderr once stdin ends. */
async function relay(lines: unknown[], shimConfig = config()) {
  const input = new PassThrough();
  const output = new PassThrough();
  const log: string[] = [];
  let out = '';
  output.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  const done = runRelay(httpUpstream(shimConfig), { input, output, log: (line) => log.push(line) });
  for (const line of lines)
    input.write(typeof line === 'string' ? `${line}\n` : `${JSON.stringify(line)}\n`);
  input.end();
  await done;
  const messages = out
    .split('\n')
    .filter(Boolean)
    .map(
      (line) =>
        JSON.parse(line) as {
          id?: unknown;
          error?: { code: number; message: string };
          method?: string;
        },
    );
  return { messages, log };
}

const listTools = { jsonrpc: '2.0', id: 1, method: 'tools/list' };

describe('relaying to the server', () => {
  test('an SSE answer reaches stdout in order, notification first, with the token and headers', async () => {
    await serve((_body, response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.write('id: p\ndata: \n\n');
      response.write('data: {"jsonrpc":"2.0","method":"notifications/tools/list_changed"}\n\n');
      response.end('data: {"jsonrpc":"2.0","id":1,"result":{"tools":[]}}\n\n');
    });
    const { messages, log } = await relay([listTools]);
    expect(messages).toEqual([
      { jsonrpc: '2.0', method: 'notifications/tools/list_changed' },
      { jsonrpc: '2.0', id: 1, result: { tools: [] } },
    ] as never);
    expect(requests[0]?.headers.authorization).toBe('Bearer the-secret');
    expect(requests[0]?.headers.accept).toBe('application/json, text/event-stream');
    expect(log).toEqual([]);
  });

  test('after initialize, later messages carry the negotiated protocol version', async () => {
    await serve((body, response) => {
      const message = JSON.parse(body) as { id?: number };
      if (message.id === undefined) return response.writeHead(202).end();
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          jsonrpc: '2.0',
          id: message.id,
          result: { protocolVersion: '2025-06-18' },
        }),
      );
    });
    const initialize = { jsonrpc: '2.0', id: 0, method: 'initialize', params: {} };
    const initialized = { jsonrpc: '2.0', method: 'notifications/initialized' };
    const input = new PassThrough();
    const output = new PassThrough();
    const answered = new Promise((resolve) => output.once('data', resolve));
    const done = runRelay(httpUpstream(config()), { input, output, log: () => undefined });
    input.write(`${JSON.stringify(initialize)}\n`);
    await answered;
    input.end(`${JSON.stringify(initialized)}\n`);
    await done;
    expect(requests[0]?.headers['mcp-protocol-version']).toBeUndefined();
    expect(requests[1]?.headers['mcp-protocol-version']).toBe('2025-06-18');
  });

  test("a JSON-RPC error the server sends with a 4xx reaches the client under the request's id", async () => {
    await serve((_body, response) => {
      response.writeHead(400, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          jsonrpc: '2.0',
          id: null,
          error: { code: -32600, message: 'Bad version' },
        }),
      );
    });
    const { messages } = await relay([listTools]);
    expect(messages).toEqual([
      { jsonrpc: '2.0', id: 1, error: { code: -32600, message: 'Bad version' } },
    ] as never);
  });
});

describe('local failures', () => {
  const expectFailure = (
    messages: { id?: unknown; error?: { code: number; message: string } }[],
    reason: keyof typeof LOCAL_FAILURES,
  ) => {
    expect(messages).toHaveLength(1);
    expect(messages[0]?.id).toBe(1);
    expect(messages[0]?.error?.code).toBe(LOCAL_FAILURES[reason].code);
    expect(messages[0]?.error?.message).toBe(LOCAL_FAILURES[reason].message);
  };

  test('a 401, after one re-read of the secret, says the token is not recognised', async () => {
    await serve((_body, response) => response.writeHead(401).end());
    const { messages, log } = await relay([listTools]);
    expectFailure(messages, 'token_not_recognised');
    expect(messages[0]?.error?.message).toBe(
      'token not recognised: copy it again from Obsidian, or export a new bundle',
    );
    expect(requests).toHaveLength(2);
    expect(log.join('\n')).toContain('token not recognised');
    expect(log.join('\n')).not.toContain('the-secret');
    expect(log.join('\n')).not.toContain('tools/list');
  });

  test('a token id no longer in data.json fails closed without a request, though other tokens exist', async () => {
    await serve((_body, response) => response.writeHead(500).end());
    await writeSettings([{ id: 'other', label: 'O', secret: 'other-secret' }]);
    const { messages } = await relay([listTools]);
    expectFailure(messages, 'token_unknown');
    expect(messages[0]?.error?.message).toStartWith(LOCAL_FAILURES.token_not_recognised.message);
    expect(requests).toHaveLength(0);
  });

  test('no running server and no fixed port: retried within the connect window, then not running', async () => {
    const { messages } = await relay(
      [listTools],
      config({ MCP_CONNECTOR_CONNECT_WINDOW_MS: '300' }),
    );
    expectFailure(messages, 'not_running');
  });

  test('a server that never answers is abandoned at the deadline', async () => {
    await serve(() => undefined);
    const { messages } = await relay([listTools], config({ MCP_CONNECTOR_DEADLINE_MS: '200' }));
    expectFailure(messages, 'timeout');
  });

  test('an answer that is not JSON is reported, and a line that is not JSON is a parse error', async () => {
    await serve((_body, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('<html>');
    });
    const { messages } = await relay([listTools, '{"jsonrpc":']);
    const codes = messages.map((message) => message.error?.code ?? 0);
    expect(codes.sort((a, b) => a - b)).toEqual([LOCAL_FAILURES.bad_response.code, -32700]);
  });

  test('notifications/cancelled abandons the request it names, which then gets no answer', async () => {
    let answered = false;
    await serve((_body, response) => {
      response.on('close', () => (answered = true));
    });
    const input = new PassThrough();
    const output = new PassThrough();
    let out = '';
    output.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    const done = runRelay(httpUpstream(config()), { input, output, log: () => undefined });
    input.write(`${JSON.stringify(listTools)}\n`);
    await waitFor(() => requests.length > 0, 'the request to reach the server');
    input.write(
      `${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 1 } })}\n`,
    );
    await waitFor(() => answered, 'the server to see the request closed');
    input.end();
    await done;
    expect(out).toBe('');
  });

  test('a bundle without its vault or token id answers every request with that, and says so', async () => {
    const input = new PassThrough();
    const output = new PassThrough();
    let out = '';
    const log: string[] = [];
    output.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    const incomplete = bundleConfigFrom({});
    expect(incomplete).toMatchObject({ reason: 'bundle_incomplete' });
    const done = runRelay(incomplete as never, { input, output, log: (line) => log.push(line) });
    input.end(`${JSON.stringify(listTools)}\n`);
    await done;
    expect(JSON.parse(out)).toMatchObject({
      id: 1,
      error: { code: LOCAL_FAILURES.bundle_incomplete.code },
    });
    expect(log[0]).toContain('bundle_incomplete');
  });
});
