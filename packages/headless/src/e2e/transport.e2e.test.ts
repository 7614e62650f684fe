/**
 * The transport end to end: the real headless server on a temp copy of the test vault,
 * raw HTTP for every rejection rule, and the official SDK client on both protocol lines.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import {
  CLIENT_CAPABILITIES_META_KEY,
  CLIENT_INFO_META_KEY,
  PROTOCOL_VERSION_META_KEY,
} from '@modelcontextprotocol/server';
import { createServer, request as httpRequest, type Server } from 'node:http';
import { rejectionOf } from '@mcp-connector/shared/test-support';
import { serveVault } from '../serve.ts';
import {
  PROTOCOL_LINES,
  httpTest,
  startTestServer,
  type McpTestServer,
} from '../test-support/mcp-test-server.ts';
import { copyVault } from '../test-support/temp-vault.ts';
import { LEGACY_INITIALIZE } from '../test-support/raw-messages.ts';

let t: McpTestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.stop());

const INITIALIZE = LEGACY_INITIALIZE;

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A raw HTTP request with full control of every header, Host included. */
function raw(options: {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port: t.url.port,
        method: options.method ?? 'POST',
        path: options.path ?? '/mcp',
        headers: {
          host: `127.0.0.1:${t.url.port}`,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          authorization: `Bearer ${t.token}`,
          ...options.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString(),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(
      options.body ??
        (options.method === undefined || options.method === 'POST'
          ? JSON.stringify(INITIALIZE)
          : undefined),
    );
  });
}

describe('the MCP endpoint, on both protocol lines', () => {
  test.each(PROTOCOL_LINES)('%s: lists the tools and answers get_server_info', async (line) => {
    const client = await t.connect(line);
    expect(client.getNegotiatedProtocolVersion()).toBe(
      line === 'modern' ? '2026-07-28' : '2025-11-25',
    );
    const { tools } = await client.listTools();
    const names = tools.map((tool) => tool.name);
    expect(names).toContain('get_server_info');
    expect(names).toContain('get_vault_file');
    expect(new Set(names).size).toBe(names.length);
    const info = await client.callTool({ name: 'get_server_info', arguments: {} });
    expect(info.isError).toBeFalsy();
    expect(info.structuredContent).toMatchObject({
      name: 'local-mcp-server',
      vault: 'vault',
      host: 'headless',
      toolCount: tools.length,
    });
    const revisions = (info.structuredContent as { protocolRevisions: string[] }).protocolRevisions;
    expect(revisions).toContain('2026-07-28');
    expect(revisions).toContain('2025-11-25');
  });

  httpTest(
    'a well-formed raw request is answered (the baseline for the rejections below)',
    async () => {
      const response = await raw({});
      expect(response.status).toBe(200);
      expect(response.body).toContain('"protocolVersion"');
    },
  );

  httpTest(
    'on the legacy line an answer with nothing before it is one JSON body, not an event stream',
    async () => {
      const call = {
        jsonrpc: '2.0',
        id: 5,
        method: 'tools/call',
        params: { name: 'get_server_info', arguments: {} },
      };
      const response = await raw({
        headers: { 'mcp-protocol-version': '2025-11-25' },
        body: JSON.stringify(call),
      });
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toBe('application/json');
      expect(Number(response.headers['content-length'])).toBe(Buffer.byteLength(response.body));
      const answer = JSON.parse(response.body) as {
        id: number;
        result: { content: { text: string }[]; structuredContent: unknown };
      };
      expect(answer.id).toBe(5);
      expect(answer.result.structuredContent).toMatchObject({ name: 'local-mcp-server' });
      expect(JSON.parse(answer.result.content[0]?.text ?? '')).toEqual(
        answer.result.structuredContent,
      );
    },
  );

  httpTest(
    'on 2026-07-28 a JSON answer carries its length, so it is not sent chunked',
    async () => {
      const meta = {
        [PROTOCOL_VERSION_META_KEY]: '2026-07-28',
        [CLIENT_INFO_META_KEY]: { name: 'raw', version: '1' },
        [CLIENT_CAPABILITIES_META_KEY]: {},
      };
      const response = await raw({
        headers: {
          'mcp-protocol-version': '2026-07-28',
          'mcp-method': 'tools/call',
          'mcp-name': 'get_server_info',
        },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 6,
          method: 'tools/call',
          params: { name: 'get_server_info', arguments: {}, _meta: meta },
        }),
      });
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toBe('application/json');
      expect(response.headers['transfer-encoding']).toBeUndefined();
      expect(Number(response.headers['content-length'])).toBe(Buffer.byteLength(response.body));
      expect(JSON.parse(response.body)).toMatchObject({
        id: 6,
        result: { structuredContent: { name: 'local-mcp-server' } },
      });
    },
  );

  httpTest('on 2026-07-28, methods the revision removed answer -32601', async () => {
    const meta = {
      [PROTOCOL_VERSION_META_KEY]: '2026-07-28',
      [CLIENT_INFO_META_KEY]: { name: 'raw', version: '1' },
      [CLIENT_CAPABILITIES_META_KEY]: {},
    };
    for (const method of ['initialize', 'ping', 'logging/setLevel']) {
      const response = await raw({
        headers: { 'mcp-protocol-version': '2026-07-28', 'mcp-method': method },
        body: JSON.stringify({ jsonrpc: '2.0', id: 7, method, params: { _meta: meta } }),
      });
      expect(JSON.parse(response.body)).toMatchObject({ id: 7, error: { code: -32601 } });
    }
  });
});

describe('transport rules, in order', () => {
  httpTest.each(['/', '/sse', '/mcp/x', '/other'])('path %p is 404', async (path) => {
    expect((await raw({ path })).status).toBe(404);
  });

  httpTest.each(['GET', 'DELETE', 'PUT'])('%s /mcp is 405 with Allow: POST', async (method) => {
    const response = await raw({ method });
    expect(response.status).toBe(405);
    expect(response.headers.allow).toBe('POST');
  });

  httpTest('a foreign Origin is 403, a loopback Origin is fine', async () => {
    expect((await raw({ headers: { origin: 'https://evil.example' } })).status).toBe(403);
    expect((await raw({ headers: { origin: `http://localhost:${t.url.port}` } })).status).toBe(200);
  });

  httpTest(
    'a Host other than 127.0.0.1 or localhost with the port is 403 (DNS rebinding)',
    async () => {
      expect((await raw({ headers: { host: `evil.example:${t.url.port}` } })).status).toBe(403);
      expect((await raw({ headers: { host: '127.0.0.1' } })).status).toBe(403);
      expect((await raw({ headers: { host: `localhost:${t.url.port}` } })).status).toBe(200);
    },
  );

  httpTest('a body over 1 MiB is 413, checked before the token', async () => {
    const big = JSON.stringify({
      ...INITIALIZE,
      params: { ...INITIALIZE.params, pad: 'x'.repeat(1024 * 1024) },
    });
    expect((await raw({ body: big })).status).toBe(413);
    expect((await raw({ body: big, headers: { authorization: 'Bearer wrong' } })).status).toBe(413);
  });

  httpTest.each([
    ['no token', ''],
    ['a wrong token', 'Bearer not-the-token-0123456789012345678901234'],
    ['the token under another scheme', 'Basic x'],
  ])('%s is a 401 that says what to send and reveals nothing', async (_name, authorization) => {
    const response = await raw({ headers: { authorization } });
    expect(response.status).toBe(401);
    expect(response.headers['www-authenticate']).toStartWith('Bearer');
    const body = JSON.parse(response.body) as { code: string; message: string };
    expect(['token_missing', 'token_not_recognised']).toContain(body.code);
    expect(response.body).not.toContain(t.token.slice(0, 6));
    expect(response.body).not.toContain('Default');
  });

  httpTest('the SDK client with a wrong token is refused', async () => {
    await rejectionOf(t.connect('legacy', 'wrong-token'));
  });

  httpTest('invalid JSON is a JSON-RPC parse error, and the server keeps serving', async () => {
    const response = await raw({ body: '{"jsonrpc":' });
    expect(response.status).toBe(400);
    expect(JSON.parse(response.body)).toMatchObject({ error: { code: -32700 } });
    expect((await raw({})).status).toBe(200);
  });
});

describe('ports', () => {
  const blockers: Server[] = [];
  afterAll(async () => {
    await Promise.all(blockers.map((server) => new Promise((resolve) => server.close(resolve))));
  });
  async function blockAPort(): Promise<number> {
    const server = createServer();
    blockers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return (server.address() as { port: number }).port;
  }

  test('a fixed port that is taken is a clear error naming it', async () => {
    const vault = await copyVault();
    const port = await blockAPort();
    try {
      expect((await rejectionOf(serveVault({ vault: vault.root, port }))).message).toContain(
        `Port ${port} on 127.0.0.1 is already in use`,
      );
    } finally {
      await vault.remove();
    }
  });

  test('a full port range is a clear error', async () => {
    const vault = await copyVault();
    const range = [await blockAPort(), await blockAPort(), await blockAPort()];
    try {
      expect(
        (await rejectionOf(serveVault({ vault: vault.root, portRange: range }))).message,
      ).toContain('is in use. Set a fixed free port');
    } finally {
      await vault.remove();
    }
  });
});
