/**
 * The MCP transport: a stateless, POST-only MCP endpoint on 127.0.0.1, guarded per request.
 * `startTransport` binds the port and resolves once the server is listening;
 * `startStdioTransport` serves one client over stdin/stdout as one token instead.
 */
import type { TokenRecord } from '@mcp-connector/shared';
import { createMcpHandler, type ServerNotifier } from '@modelcontextprotocol/server';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Readable, Writable } from 'node:stream';
import { newProofKey } from '@mcp-connector/shared/server-proof';
import { guardConnections, type ConnectionLimits } from './services/connection-guard.ts';
import { createEndpoint } from './services/http-endpoint.ts';
import { LegacyAnswers } from './services/json-when-answer-only.ts';
import { LOOPBACK, listenOnLoopback } from './services/loopback-listen.ts';
import { BODY_TIMEOUT_MS, MAX_BODY_BYTES } from './services/request-body.ts';
import { createMcpServer, type McpSurface } from './services/mcp-server.ts';
import { toNodeMcpHandler } from './services/node-adapter.ts';
import { MCP_PATH } from './services/request-screen.ts';
import { startStdioEndpoint, type StdioEndpoint } from './services/stdio-endpoint.ts';

export { DEFAULT_PORTS, PortUnavailableError } from './services/loopback-listen.ts';
export { INDEX_WAIT_MS, buildingSentence } from './services/index-gate.ts';
export type { McpSurface, ServerExtension, ToolHandlers } from './services/mcp-server.ts';
export { TOKEN_REVOKED_MESSAGE } from './services/stdio-endpoint.ts';
export {
  MAX_STDIO_MESSAGE_BYTES,
  StdioFraming,
  type StdioFramingOptions,
} from './services/stdio-framing.ts';

export interface TransportOptions {
  /** A fixed port, or null for the first free one of 27200-27205. */
  port: number | null;
  /** Ports to try in order when `port` is null; 27200-27205 unless a test picks others. */
  portRange?: readonly number[];
  tokens: () => readonly TokenRecord[];
  /** Runs before each request is checked: the settings reload here if their file changed. */
  beforeRequest?: () => Promise<void>;
  /** Why the server must refuse every request now (settings that cannot be trusted), or null. */
  refusal?: () => string | null;
  limits?: TransportLimits;
  surface: McpSurface;
  onError?: (error: Error) => void;
  /**
   * Told of each HTTP request as it arrives; the function it returns runs when its response
   * closes (a background server's idle exit counts requests in flight by it, ADR-0047).
   */
  onRequest?: () => () => void;
}

/** What one client may hold of the server; tests shrink them. */
export interface TransportLimits {
  /** How long a request body may take to arrive (default 10 s). */
  bodyTimeoutMs?: number;
  /** Open connections at once (default 64); see connection-guard.ts for who gets closed. */
  maxConnections?: number;
  /** Connections whose caller has not passed the token check yet (default: 3/4 of the above). */
  maxStrangers?: number;
  /** How long a new connection has to send a request head that passes the check (default 10 s). */
  headTimeoutMs?: number;
}

const DEFAULT_MAX_CONNECTIONS = 64;
const DEFAULT_HEAD_TIMEOUT_MS = 10_000;

export interface RunningTransport {
  url: string;
  port: number;
  /** Published in live-server.json, so relays can check this server (ADR-0042). */
  proofKey: string;
  /** notifications/tools/list_changed (and prompts) to every open 2026-07-28 listen stream. */
  notify: ServerNotifier;
  close(): Promise<void>;
}

export async function startTransport(options: TransportOptions): Promise<RunningTransport> {
  const onError = options.onError ?? (() => undefined);
  const legacyAnswers = new LegacyAnswers();
  // The factory runs per request, after createMcpHandler has returned, so mcpHandler is set.
  const mcpHandler = createMcpHandler(
    (request) =>
      legacyAnswers.serverFor(
        createMcpServer(options.surface, request, mcpHandler.notify),
        request,
      ),
    {
      legacy: 'stateless',
      maxRequestBodySize: MAX_BODY_BYTES,
      onerror: onError,
    },
  );
  let port = 0;
  const proofKey = newProofKey();
  const server = createServer();
  const connections = guardConnections(server, connectionLimits(options.limits));
  const endpoint = createEndpoint({
    port: () => port,
    proofKey,
    tokens: options.tokens,
    beforeRequest: options.beforeRequest ?? (async () => undefined),
    refusal: options.refusal ?? (() => null),
    bodyTimeoutMs: options.limits?.bodyTimeoutMs ?? BODY_TIMEOUT_MS,
    admit: (socket) => connections.admit(socket),
    mcp: toNodeMcpHandler({
      fetch: (request, init) =>
        legacyAnswers.respond(request, init.parsedBody, () => mcpHandler.fetch(request, init)),
    }),
    onError,
  });
  server.on(
    'request',
    options.onRequest === undefined ? endpoint : heard(endpoint, options.onRequest),
  );
  port = await listenOnLoopback(server, options.port, options.portRange);
  return {
    url: `http://${LOOPBACK}:${port}${MCP_PATH}`,
    port,
    proofKey,
    notify: mcpHandler.notify,
    close: async () => {
      await mcpHandler.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Every socket, idle ones too (Bun's closeAllConnections leaves a silent one open).
        connections.destroyAll();
      });
    },
  };
}

function connectionLimits(limits: TransportLimits = {}): ConnectionLimits {
  const maxConnections = limits.maxConnections ?? DEFAULT_MAX_CONNECTIONS;
  return {
    maxConnections,
    maxStrangers:
      limits.maxStrangers ?? maxConnections - Math.max(1, Math.floor(maxConnections / 4)),
    headTimeoutMs: limits.headTimeoutMs ?? DEFAULT_HEAD_TIMEOUT_MS,
  };
}

/** The listener, telling `onRequest` of each request and, when its response closes, of its end. */
function heard(
  listener: (request: IncomingMessage, response: ServerResponse) => void,
  onRequest: () => () => void,
) {
  return (request: IncomingMessage, response: ServerResponse): void => {
    response.once('close', onRequest());
    listener(request, response);
  };
}

export interface StdioTransportOptions {
  /** The token every message is served as. */
  tokenId: string;
  tokens: () => readonly TokenRecord[];
  /** Runs before each message is admitted, as before each HTTP request. */
  beforeRequest?: () => Promise<void>;
  /** Why every message must be refused now, or null (as over HTTP). */
  refusal?: () => string | null;
  surface: McpSurface;
  onError?: (error: Error) => void;
  /** Test streams instead of the process's stdin and stdout. */
  input?: Readable;
  output?: Writable;
}

export type RunningStdioTransport = StdioEndpoint;

export function startStdioTransport(options: StdioTransportOptions): RunningStdioTransport {
  return startStdioEndpoint({
    tokenId: options.tokenId,
    tokens: options.tokens,
    beforeRequest: options.beforeRequest ?? (async () => undefined),
    refusal: options.refusal ?? (() => null),
    createServer: (request, notify) => createMcpServer(options.surface, request, notify),
    onError: options.onError ?? (() => undefined),
    ...(options.input && { input: options.input }),
    ...(options.output && { output: options.output }),
  });
}
