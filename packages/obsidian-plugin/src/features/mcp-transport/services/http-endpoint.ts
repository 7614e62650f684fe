/**
 * The request listener of the loopback HTTP server. Per request, in order: screen the path,
 * method, Origin and Host; read the body (at most 1 MiB); check the bearer token; then hand the
 * parsed message to the SDK's MCP handler. Rejections carry no detail an attacker could use.
 */
import type { TokenRecord } from '@mcp-connector/shared';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { matchBearerToken } from './bearer-token.ts';
import { attachCallerToken } from './caller-token.ts';
import { MAX_BODY_BYTES, readBodyWithin } from './request-body.ts';
import { screenRequest } from './request-screen.ts';

export type McpNodeHandler = (
  request: IncomingMessage,
  response: ServerResponse,
  parsedBody: unknown,
) => Promise<void>;

export interface EndpointOptions {
  port: () => number;
  /** Read on every request, so added, regenerated and revoked tokens apply at once. */
  tokens: () => readonly TokenRecord[];
  beforeRequest: () => Promise<void>;
  refusal: () => string | null;
  mcp: McpNodeHandler;
  onError: (error: Error) => void;
}

export function createEndpoint(options: EndpointOptions) {
  return (request: IncomingMessage, response: ServerResponse): void => {
    serve(request, response, options).catch((error: unknown) => {
      options.onError(error instanceof Error ? error : new Error(String(error)));
      if (!response.headersSent) sendJsonRpcError(response, 500, -32603, 'Internal error.');
      else response.end();
    });
  };
}

async function serve(
  request: IncomingMessage,
  response: ServerResponse,
  options: EndpointOptions,
): Promise<void> {
  const rejection = screenRequest(request, options.port());
  if (rejection !== null) {
    if (rejection.status === 405) response.setHeader('Allow', 'POST');
    request.resume();
    return sendJsonRpcError(response, rejection.status, -32000, rejection.message);
  }
  await options.beforeRequest();
  const refusal = options.refusal();
  if (refusal !== null) {
    request.resume();
    return sendJson(response, 503, { code: 'settings_invalid', message: refusal });
  }
  const body = await readBodyWithin(request, MAX_BODY_BYTES);
  if (body === 'too_large') {
    response.setHeader('Connection', 'close');
    return sendJsonRpcError(response, 413, -32000, 'Payload too large: the limit is 1 MiB.');
  }
  const token = matchBearerToken(request.headers.authorization, options.tokens());
  if (token === null) {
    response.writeHead(401).end();
    return;
  }
  const message = parseJson(body);
  if (message === undefined)
    return sendJsonRpcError(response, 400, -32700, 'Parse error: the body is not valid JSON.');
  attachCallerToken(request, token.id);
  await options.mcp(request, response, message);
}

function parseJson(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
}

function sendJsonRpcError(
  response: ServerResponse,
  status: number,
  code: number,
  message: string,
): void {
  const body = JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null });
  response.writeHead(status, { 'Content-Type': 'application/json' }).end(body);
}
