/**
 * The request listener of the loopback HTTP server. Per request, in order: screen the path,
 * method, Origin and Host; answer an OAuth client's probe (oauth-probes.ts); refuse a declared
 * body over 1 MiB; refresh the settings and refuse
 * while they cannot be trusted; check the bearer token (before any body is read; a socket whose
 * caller passed is no longer a stranger to connection-guard.ts); read the body
 * (at most 1 MiB, within a time limit); refuse JSON nested deeper than 64 levels; then hand the
 * parsed message to the SDK's MCP handler. Rejections carry no detail an attacker could use.
 */
import { MAX_JSON_DEPTH, jsonNestsDeeperThan, type TokenRecord } from '@mcp-connector/shared';
import { PROOF_PATH, isChallenge, proofOf } from '@mcp-connector/shared/server-proof';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { matchBearerToken } from './bearer-token.ts';
import { attachCallerToken } from './caller-token.ts';
import { WHERE_TOKENS_COME_FROM, answerOAuthProbe, resourceMetadataUrl } from './oauth-probes.ts';
import { MAX_BODY_BYTES, readBodyWithin } from './request-body.ts';
import { MCP_PATH, pathOf, screenRequest } from './request-screen.ts';

export type McpNodeHandler = (
  request: IncomingMessage,
  response: ServerResponse,
  parsedBody: unknown,
) => Promise<void>;

export interface EndpointOptions {
  port: () => number;
  /** This start's key, published in live-server.json: relays check the server by it (ADR-0042). */
  proofKey: string;
  /** Read on every request, so added, regenerated and revoked tokens apply at once. */
  tokens: () => readonly TokenRecord[];
  beforeRequest: () => Promise<void>;
  refusal: () => string | null;
  /** How long a request's body may take to arrive. */
  bodyTimeoutMs: number;
  /** The request's token passed: its socket is no stranger any more (connection-guard.ts). */
  admit: (socket: Socket) => void;
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
    if (rejection.allow !== undefined) response.setHeader('Allow', rejection.allow);
    return refuseWithoutBody(request, response, () =>
      sendJsonRpcError(response, rejection.status, -32000, rejection.message),
    );
  }
  const path = pathOf(request);
  if (path === PROOF_PATH) return answerProof(request, response, options);
  if (path !== MCP_PATH) return answerOAuthProbe(request, response, path);
  if (declaredLength(request) > MAX_BODY_BYTES) return refuseTooLarge(request, response);
  await options.beforeRequest();
  const refusal = options.refusal();
  if (refusal !== null) {
    return refuseWithoutBody(request, response, () =>
      sendJson(response, 503, { code: 'settings_invalid', message: refusal }),
    );
  }
  const token = matchBearerToken(request.headers.authorization, options.tokens());
  if (token === null) {
    return refuseWithoutBody(request, response, () => sendUnauthorized(request, response));
  }
  options.admit(request.socket);
  const body = await readBodyWithin(request, MAX_BODY_BYTES, options.bodyTimeoutMs);
  if (body === 'too_large') return refuseTooLarge(request, response);
  if (body === 'timeout') {
    response.setHeader('Connection', 'close');
    sendJsonRpcError(response, 408, -32000, 'Request timeout: the body did not arrive in time.');
    request.socket.destroySoon();
    return;
  }
  const text = body.toString('utf8');
  if (jsonNestsDeeperThan(text, MAX_JSON_DEPTH)) {
    return sendJsonRpcError(
      response,
      400,
      -32600,
      `Invalid request: JSON nested deeper than ${MAX_JSON_DEPTH} levels is not accepted.`,
    );
  }
  const message = parseJson(text);
  if (message === undefined)
    return sendJsonRpcError(response, 400, -32700, 'Parse error: the body is not valid JSON.');
  attachCallerToken(request, token.id);
  await options.mcp(request, response, message);
}

/** A relay's question before it sends a secret: the challenge's proof, for this port. */
function answerProof(request: IncomingMessage, response: ServerResponse, options: EndpointOptions) {
  const challenge = new URL(request.url ?? '', 'http://127.0.0.1').searchParams.get('challenge');
  if (!isChallenge(challenge))
    return refuseWithoutBody(request, response, () =>
      sendJson(response, 400, {
        code: 'invalid_challenge',
        message: 'challenge: 32-128 hex digits',
      }),
    );
  const proof = proofOf(options.proofKey, challenge, options.port());
  refuseWithoutBody(request, response, () => sendJson(response, 200, { proof }));
}

function declaredLength(request: IncomingMessage): number {
  const declared = Number(request.headers['content-length']);
  return Number.isFinite(declared) ? declared : 0;
}

/** Answers without reading the body, and closes the connection so its bytes are never parsed. */
function refuseWithoutBody(request: IncomingMessage, response: ServerResponse, send: () => void) {
  response.setHeader('Connection', 'close');
  send();
  request.resume();
}

function refuseTooLarge(request: IncomingMessage, response: ServerResponse): void {
  refuseWithoutBody(request, response, () =>
    sendJsonRpcError(response, 413, -32000, 'Payload too large: the limit is 1 MiB.'),
  );
}

/**
 * 401 with `WWW-Authenticate: Bearer` and a short JSON body: whether a token was missing or not
 * recognised, and where to get one. Nothing says which tokens exist. The challenge points at the
 * protected resource's metadata, where an OAuth client learns that a bearer token is the way in.
 */
function sendUnauthorized(request: IncomingMessage, response: ServerResponse): void {
  const missing = !/^Bearer +\S/i.test(request.headers.authorization ?? '');
  const where = WHERE_TOKENS_COME_FROM;
  const metadata = `resource_metadata="${resourceMetadataUrl(request.headers.host ?? '')}"`;
  const body = missing
    ? { code: 'token_missing', message: `This MCP server needs a bearer token. ${where}` }
    : {
        code: 'token_not_recognised',
        message: `The bearer token is not one of this server's tokens (it may have been revoked or regenerated). ${where}`,
      };
  response.setHeader(
    'WWW-Authenticate',
    missing
      ? `Bearer realm="local-mcp-server", ${metadata}`
      : `Bearer realm="local-mcp-server", error="invalid_token", ${metadata}`,
  );
  sendJson(response, 401, body);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
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
