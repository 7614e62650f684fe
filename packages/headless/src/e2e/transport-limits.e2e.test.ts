/**
 * No request can hold the server: the bearer token is checked before any body is read (and a
 * refusal says what to send, revealing no token; an OAuth client that tries to sign in instead,
 * as mcp-remote does, ends with that message too), a body that stops arriving is cut off, open
 * connections are capped, JSON nested deeper than 64 levels is refused before it is parsed into
 * a tool call, and SIGTERM stops the server within seconds even while a long request runs.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import {
  Client,
  StreamableHTTPClientTransport,
  type OAuthClientProvider,
} from '@modelcontextprotocol/client';
import { connect, type Socket } from 'node:net';
import { serveVault, type HeadlessServer } from '../serve.ts';
import { buildVault, startChildServer, type TempVault } from '../test-support/index.ts';

let vault: TempVault;
let server: HeadlessServer;
let port: number;
const LIMITS = { bodyTimeoutMs: 300, maxConnections: 6 };

beforeAll(async () => {
  vault = await buildVault({
    'note.md': 'hello\n',
    'big.md': 'lorem ipsum dolor '.repeat(20_000),
    'as.md': `${'a'.repeat(40_000)}!`,
  });
  server = await serveVault({ vault: vault.root, port: 0, transportLimits: LIMITS });
  port = server.port;
});
afterAll(async () => {
  await server.close();
  await vault.remove();
});

function rawRequest(headers: Record<string, string>, body = ''): string {
  const lines = [`POST /mcp HTTP/1.1`, `Host: 127.0.0.1:${port}`];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  return `${lines.join('\r\n')}\r\n\r\n${body}`;
}

/** Opens a socket, writes `data`, and resolves with everything the server sends until it closes. */
function exchange(data: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk) => (received += chunk.toString('utf8')));
    socket.on('close', () => resolve(received));
    socket.on('error', reject);
    socket.write(data);
  });
}

async function post(body: string, token: string | null = server.defaultToken?.secret ?? '') {
  const response = await fetch(server.url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...(token !== null && { authorization: `Bearer ${token}` }),
    },
    body,
  });
  return { status: response.status, headers: response.headers, body: await response.text() };
}

const LIST = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} });

describe('the bearer token', () => {
  test('missing: 401, WWW-Authenticate: Bearer, and a body saying where to find a token', async () => {
    const refused = await post(LIST, null);
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toStartWith('Bearer');
    const body = JSON.parse(refused.body) as { code: string; message: string };
    expect(body.code).toBe('token_missing');
    expect(body.message).toContain('Obsidian');
    expect(body.message).toContain('tokens');
  });

  test('not recognised: 401 with its own code, and nothing about which tokens exist', async () => {
    const secret = server.defaultToken?.secret ?? '';
    const refused = await post(LIST, `${secret.slice(0, 20)}x`);
    expect(refused.status).toBe(401);
    expect(JSON.parse(refused.body)).toMatchObject({ code: 'token_not_recognised' });
    expect(refused.body).not.toContain(secret.slice(0, 6));
    expect(refused.body).not.toContain('Default');
  });

  test('is checked before the body is read: a refused request never has to send one', async () => {
    const answer = await exchange(
      rawRequest({
        Authorization: 'Bearer wrong',
        'Content-Type': 'application/json',
        'Content-Length': '900000',
      }),
    );
    expect(answer).toStartWith('HTTP/1.1 401');
  });
});

/**
 * An OAuth client as mcp-remote is one: the SDK's transport with an OAuth provider, sending the
 * Authorization header it was given; a 401 makes it discover and register before giving up.
 */
function oauthClientProvider(): OAuthClientProvider {
  const redirect = 'http://127.0.0.1:9/oauth/callback';
  return {
    redirectUrl: redirect,
    clientMetadata: { redirect_uris: [redirect], client_name: 'oauth-probe-test' },
    clientInformation: () => undefined,
    saveClientInformation: () => undefined,
    tokens: () => undefined,
    saveTokens: () => undefined,
    redirectToAuthorization: () => {
      throw new Error('this test opens no browser');
    },
    saveCodeVerifier: () => undefined,
    codeVerifier: () => '',
  };
}

describe('an OAuth client', () => {
  test('with a wrong token ends in a message about the token, not in a bare registration 404', async () => {
    const transport = new StreamableHTTPClientTransport(new URL(server.url), {
      authProvider: oauthClientProvider(),
      requestInit: { headers: { Authorization: 'Bearer not-a-token-of-this-vault' } },
    });
    const client = new Client({ name: 'oauth-probe-test', version: '1.0.0' });
    const failure = await client.connect(transport).then(
      () => 'connected',
      (error: unknown) => String(error),
    );
    await client.close();
    expect(failure).toContain('Dynamic Client Registration rejected (HTTP 403)');
    expect(failure).toContain('This MCP server does not use OAuth');
    expect(failure).toContain('local-mcp-server tokens --vault <vault> add --label <name>');
    // What mcp-remote reads as a reason to open a browser or retry over SSE instead.
    for (const word of ['Unauthorized', '404', '405', 'Not Found'])
      expect({ word, found: failure.includes(word) }).toEqual({ word, found: false });
  });

  test("the 401 points at the resource's metadata: a bearer token in the header, no authorization server", async () => {
    const refused = await post(LIST, 'wrong');
    const challenge = refused.headers.get('www-authenticate') ?? '';
    const pointer = /resource_metadata="([^"]+)"/.exec(challenge)?.[1] ?? '';
    expect(pointer).toBe(`http://127.0.0.1:${port}/.well-known/oauth-protected-resource/mcp`);
    const metadata = await fetch(pointer);
    expect(metadata.status).toBe(200);
    const body = (await metadata.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ resource: server.url, bearer_methods_supported: ['header'] });
    expect(body.authorization_servers).toBeUndefined();
  });

  test('the probes pass the same guard: another Host or a web page is refused', async () => {
    const probe = (path: string, headers: Record<string, string>) =>
      exchange(
        [`GET ${path} HTTP/1.1`, ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)]
          .join('\r\n')
          .concat('\r\n\r\n'),
      );
    const path = '/.well-known/oauth-authorization-server';
    expect(await probe(path, { Host: `127.0.0.1:${port}` })).toStartWith('HTTP/1.1 404');
    expect(await probe(path, { Host: 'evil.example' })).toStartWith('HTTP/1.1 403');
    expect(
      await probe(path, { Host: `127.0.0.1:${port}`, Origin: 'https://evil.example' }),
    ).toStartWith('HTTP/1.1 403');
    expect(await probe('/.well-known/anything-else', { Host: `127.0.0.1:${port}` })).toStartWith(
      'HTTP/1.1 404',
    );
  });
});

describe('bodies and connections', () => {
  test('a body that stops arriving is answered 408 and the connection closed', async () => {
    const answer = await exchange(
      rawRequest(
        {
          Authorization: `Bearer ${server.defaultToken?.secret ?? ''}`,
          'Content-Type': 'application/json',
          Accept: 'application/json, text/event-stream',
          'Content-Length': '100',
        },
        '{"jsonrpc":',
      ),
    );
    expect(answer).toStartWith('HTTP/1.1 408');
  });

  test('connections over the cap are closed at once; the server serves again when they go', async () => {
    const cappedVault = await buildVault({ 'note.md': 'hello\n' });
    const capped = await serveVault({
      vault: cappedVault.root,
      port: 0,
      transportLimits: { bodyTimeoutMs: 30_000, maxConnections: 3 },
    });
    try {
      const held: Socket[] = [];
      const partial = (target: number) =>
        [
          'POST /mcp HTTP/1.1',
          `Host: 127.0.0.1:${target}`,
          `Authorization: Bearer ${capped.defaultToken?.secret ?? ''}`,
          'Content-Type: application/json',
          'Content-Length: 100',
          '',
          '{"json',
        ].join('\r\n');
      for (let index = 0; index < 3; index++) {
        const socket = connect(capped.port, '127.0.0.1');
        await new Promise((resolve) => socket.once('connect', resolve));
        socket.write(partial(capped.port));
        held.push(socket);
      }
      const extra = await new Promise<string>((resolve) => {
        const socket = connect(capped.port, '127.0.0.1');
        let received = '';
        socket.on('data', (chunk) => (received += chunk.toString('utf8')));
        socket.on('close', () => resolve(received));
        socket.on('error', () => resolve(received));
        socket.write(partial(capped.port));
      });
      expect(extra).toBe('');
      held.forEach((socket) => socket.destroy());
      const deadline = Date.now() + 5000;
      let status = 0;
      while (status !== 200 && Date.now() < deadline) {
        status = await fetch(capped.url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: 'application/json, text/event-stream',
            authorization: `Bearer ${capped.defaultToken?.secret ?? ''}`,
          },
          body: LIST,
        }).then(
          async (response) => (await response.text(), response.status),
          () => 0, // a held socket's slot is not free yet
        );
      }
      expect(status).toBe(200);
    } finally {
      await capped.close();
      await cappedVault.remove();
    }
  });

  test('JSON nested deeper than 64 levels is refused before it reaches a tool', async () => {
    const deep = `${'['.repeat(100)}${']'.repeat(100)}`;
    const call = {
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'search_vault', arguments: { queryType: 'jsonlogic', query: 'PLACEHOLDER' } },
    };
    const refused = await post(JSON.stringify(call).replace('"PLACEHOLDER"', deep));
    expect(refused.status).toBe(400);
    expect(refused.body).toContain('64');
    expect((await post(LIST)).status).toBe(200);
  });
});

describe('stopping', () => {
  test('SIGTERM stops the server within a few seconds, even during a long regex request', async () => {
    const childVault = await buildVault({
      'big.md': 'lorem ipsum dolor '.repeat(20_000),
      'as.md': `${'a'.repeat(40_000)}!`,
    });
    const child = await startChildServer(childVault.root);
    try {
      const client = await child.connect();
      // One pattern that backtracks for minutes in JavaScript, one that is slow even in RE2.
      const slow = Promise.all(
        ['a*a*a*a*a*a*$', '(?:\\b\\w+\\b\\s*){0,1000}\\d'].map((pattern) =>
          client
            .callTool({
              name: 'search_vault',
              arguments: {
                queryType: 'jsonlogic',
                query: { regexp: [pattern, { var: 'content' }] },
              },
            })
            .catch(() => 'cut off'),
        ),
      );
      const stalled = connect(child.url.port === '' ? 80 : Number(child.url.port), '127.0.0.1');
      stalled.write(
        rawRequest({ Authorization: `Bearer ${child.token}`, 'Content-Length': '50' }, '{'),
      );
      await new Promise((resolve) => setTimeout(resolve, 100)); // let the search start
      const signalled = Date.now();
      process.kill(child.pid, 'SIGTERM');
      const code = await child.exited;
      expect(Date.now() - signalled).toBeLessThan(5000);
      expect(code).toBe(0);
      stalled.destroy();
      await slow;
    } finally {
      await child.stop();
      await childVault.remove();
    }
  }, 20_000);
});
