/**
 * Who holds a loopback port, asked the way a client would: POST /mcp with one of this vault's
 * tokens (only to a listener that proved itself first, server-checks.ts; else none), on the 2026-07-28 line (server/discover) and on the legacy handshake line (initialize),
 * then get_server_info. A server that accepts the vault's token is this vault's server (tokens are
 * random per vault); one that answers 401 is an MCP endpoint that does not know them (another
 * vault's connector, most likely); anything else is another program. Uses node:http, not fetch,
 * so it runs the same in Obsidian (no Origin header, no CORS) and headless.
 */
import { PRODUCT_NAMES } from '@mcp-connector/shared';
import { request } from 'node:http';

export const MODERN_LINE = '2026-07-28';
export const LEGACY_LINE = '2025-11-25';

export interface ServerFacts {
  name: string;
  version: string;
  vault: string;
  host: string;
}

export type PortHolder =
  | { kind: 'free' }
  | { kind: 'this-vault'; modern: boolean; legacy: boolean; facts: ServerFacts | null }
  | { kind: 'refuses-token' }
  | { kind: 'other' };

interface Reply {
  status: number;
  body: unknown;
}

const CLIENT_META = {
  'io.modelcontextprotocol/protocolVersion': MODERN_LINE,
  'io.modelcontextprotocol/clientInfo': { name: 'mcp-connector-doctor', version: '1' },
  'io.modelcontextprotocol/clientCapabilities': {},
};

export async function probePort(
  port: number,
  secret: string | null,
  timeoutMs = 2000,
): Promise<PortHolder> {
  const send = (message: Record<string, unknown>, headers: Record<string, string> = {}) =>
    post(port, { jsonrpc: '2.0', id: 1, ...message }, { ...auth(secret), ...headers }, timeoutMs);
  const discover = await send(
    { method: 'server/discover', params: { _meta: CLIENT_META } },
    { 'mcp-method': 'server/discover', 'mcp-protocol-version': MODERN_LINE },
  );
  if (discover === 'refused') return { kind: 'free' };
  const initialize = await send({
    method: 'initialize',
    params: {
      protocolVersion: LEGACY_LINE,
      capabilities: {},
      clientInfo: { name: 'mcp-connector-doctor', version: '1' },
    },
  });
  const modern = supports(discover, (result) =>
    asArray(result.supportedVersions).includes(MODERN_LINE),
  );
  const legacy = supports(initialize, (result) => typeof result.serverInfo === 'object');
  if (modern || legacy) {
    const facts = await serverFacts(send, modern);
    if (facts !== null && facts.name !== PRODUCT_NAMES.pluginId) return { kind: 'other' };
    return { kind: 'this-vault', modern, legacy, facts };
  }
  if (isUnauthorized(discover) && isUnauthorized(initialize)) return { kind: 'refuses-token' };
  return { kind: 'other' };
}

async function serverFacts(
  send: (
    message: Record<string, unknown>,
    headers?: Record<string, string>,
  ) => Promise<Reply | 'refused' | 'failed'>,
  modern: boolean,
): Promise<ServerFacts | null> {
  const call = { name: 'get_server_info', arguments: {} };
  const reply = modern
    ? await send(
        { method: 'tools/call', params: { ...call, _meta: CLIENT_META } },
        { 'mcp-method': 'tools/call', 'mcp-name': call.name, 'mcp-protocol-version': MODERN_LINE },
      )
    : await send({ method: 'tools/call', params: call });
  if (typeof reply !== 'object' || reply.status !== 200) return null;
  const content = asRecord(asRecord(asRecord(reply.body).result).structuredContent);
  const text = (key: string) => (typeof content[key] === 'string' ? content[key] : '');
  if (text('name') === '') return null;
  return { name: text('name'), version: text('version'), vault: text('vault'), host: text('host') };
}

function supports(
  reply: Reply | 'refused' | 'failed',
  check: (result: Record<string, unknown>) => boolean,
) {
  return (
    typeof reply === 'object' &&
    reply.status === 200 &&
    check(asRecord(asRecord(reply.body).result))
  );
}

function isUnauthorized(reply: Reply | 'refused' | 'failed'): boolean {
  return typeof reply === 'object' && reply.status === 401;
}

function auth(secret: string | null): Record<string, string> {
  return secret === null ? {} : { authorization: `Bearer ${secret}` };
}

/** One POST to 127.0.0.1:port/mcp; 'refused' when nothing listens, 'failed' on any other error. */
function post(
  port: number,
  message: unknown,
  headers: Record<string, string>,
  timeoutMs: number,
): Promise<Reply | 'refused' | 'failed'> {
  const body = JSON.stringify(message);
  return new Promise((resolve) => {
    const outgoing = request(
      {
        host: '127.0.0.1',
        port,
        path: '/mcp',
        method: 'POST',
        timeout: timeoutMs,
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'content-length': Buffer.byteLength(body),
          ...headers,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            body: parseBody(Buffer.concat(chunks).toString('utf8')),
          }),
        );
        response.on('error', () => resolve('failed'));
      },
    );
    outgoing.on('timeout', () => outgoing.destroy(new Error('timeout')));
    outgoing.on('error', (error: NodeJS.ErrnoException) =>
      resolve(error.code === 'ECONNREFUSED' ? 'refused' : 'failed'),
    );
    outgoing.end(body);
  });
}

/** A JSON body, or the first `data:` message of an event stream. */
function parseBody(text: string): unknown {
  const data = /^data: (.*)$/m.exec(text)?.[1];
  try {
    return JSON.parse(data ?? text) as unknown;
  } catch {
    return null;
  }
}

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}

function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}
