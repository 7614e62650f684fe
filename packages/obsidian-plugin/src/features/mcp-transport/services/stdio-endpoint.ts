/**
 * MCP over stdin/stdout for clients that launch a process. One token, chosen at start, is the
 * caller of every message: the SDK's `serveStdio` pins one server instance for the connection
 * and this file hands that instance the token id exactly where the HTTP endpoint puts it (the
 * SDK's AuthInfo), so the scope is the one the same token gets over HTTP. Every inbound message
 * passes the HTTP endpoint's checks first, in arrival order: the settings reload if their file
 * changed; while they cannot be trusted, requests are refused (`settings_invalid`); once the
 * token is revoked or regenerated (its secret's hash is not the one the session started with),
 * requests are refused with the HTTP endpoint's `token_not_recognised` reason. Lines are framed
 * by stdio-framing.ts (a size limit and backpressure).
 * Refused notifications are dropped. Fail closed.
 *
 * One client is at the other end, so a tool list change it caused reaches it twice: on its own
 * response, as over HTTP, and as the connection's broadcast. A `notifications/tools/list_changed`
 * sent while the last one is still news (no response and no tools/list since) is dropped.
 */
import type { TokenRecord } from '@mcp-connector/shared';
import type {
  JSONRPCMessage,
  McpRequestContext,
  Server,
  ServerNotifier,
  Transport,
} from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import type { Readable, Writable } from 'node:stream';
import { StdioFraming } from './stdio-framing.ts';

export interface StdioEndpointOptions {
  tokenId: string;
  /** Read on every message, so a revoked token stops working at once. */
  tokens: () => readonly TokenRecord[];
  /** Runs before each message is checked: the settings reload here if their file changed. */
  beforeRequest: () => Promise<void>;
  /** Why every message must be refused now (settings that cannot be trusted), or null. */
  refusal: () => string | null;
  /** Builds the connection's server for the caller (the same factory HTTP uses per request). */
  createServer: (request: McpRequestContext, notify: ServerNotifier) => Server;
  onError: (error: Error) => void;
  /** The process's stdin and stdout unless a test passes its own streams. */
  input?: Readable;
  output?: Writable;
}

export interface StdioEndpoint {
  /** Publishes list-changed events on the connection (to listen streams on 2026-07-28). */
  notify: ServerNotifier;
  /** Resolves when the client closes its end (stdin ends) or `close` is called. */
  closed: Promise<void>;
  close(): Promise<void>;
}

export const TOKEN_REVOKED_MESSAGE =
  'Token not recognised: it was revoked or regenerated while this server ran; start it again with a token from the tokens command.';

export function startStdioEndpoint(options: StdioEndpointOptions): StdioEndpoint {
  // The secret the session started with: a regenerated token keeps its id, not its hash.
  const startHash = options.tokens().find((token) => token.id === options.tokenId)?.hash;
  const stillValid = (token: TokenRecord) =>
    token.id === options.tokenId && token.hash === startHash;
  const wire = new GuardedTransport(
    new StdioFraming(options.input, options.output),
    async () => {
      await options.beforeRequest();
      const refusal = options.refusal();
      if (refusal !== null) return { code: -32000, message: refusal, reason: 'settings_invalid' };
      if (startHash !== undefined && options.tokens().some(stillValid)) return null;
      return { code: -32001, message: TOKEN_REVOKED_MESSAGE, reason: 'token_not_recognised' };
    },
    options.onError,
  );
  let closedResolve: () => void = () => undefined;
  const closed = new Promise<void>((resolve) => (closedResolve = resolve));
  wire.onClosed = () => closedResolve();
  // serveStdio may build a discarded `server/discover` probe first; the last one built serves.
  let pinned: Server | null = null;
  const notify = notifierFor(() => pinned, options.onError);
  const handle = serveStdio(
    (request) => {
      const caller = { token: options.tokenId, clientId: options.tokenId, scopes: [] };
      pinned = options.createServer({ ...request, authInfo: caller }, notify);
      return pinned;
    },
    { transport: wire, onerror: options.onError },
  );
  return {
    notify,
    closed,
    close: async () => {
      await handle.close();
      closedResolve();
    },
  };
}

function notifierFor(server: () => Server | null, onError: (error: Error) => void): ServerNotifier {
  const send = (publish: (server: Server) => Promise<void>) => {
    const current = server();
    if (current !== null) publish(current).catch(onError);
  };
  return {
    toolsChanged: () => send((current) => current.sendToolListChanged()),
    promptsChanged: () => send((current) => current.sendPromptListChanged()),
    resourcesChanged: () => send((current) => current.sendResourceListChanged()),
    resourceUpdated: (uri) => send((current) => current.sendResourceUpdated({ uri })),
  };
}

interface Refusal {
  code: number;
  message: string;
  reason: string;
}

/** The wire transport with the checks in front of every inbound message, one at a time. */
class GuardedTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: <T extends JSONRPCMessage>(message: T) => void;
  onClosed: () => void = () => undefined;
  private admitted: Promise<void> = Promise.resolve();
  /** A tools/list_changed went out and nothing since could have answered it. */
  private toolsChangeIsNews = false;

  constructor(
    private readonly inner: StdioFraming,
    private readonly check: () => Promise<Refusal | null>,
    private readonly reportError: (error: Error) => void,
  ) {
    inner.onclose = () => {
      this.onclose?.();
      this.onClosed();
    };
    inner.onerror = (error) => this.onerror?.(error);
    inner.onmessage = (message) => {
      if ('method' in message && message.method === 'tools/list') this.toolsChangeIsNews = false;
      this.admitted = this.admitted.then(() => this.admit(message));
    };
  }

  start(): Promise<void> {
    return this.inner.start();
  }

  send(message: JSONRPCMessage): Promise<void> {
    if (isToolsListChanged(message)) {
      if (this.toolsChangeIsNews) return Promise.resolve();
      this.toolsChangeIsNews = true;
    } else if ('id' in message && !('method' in message)) this.toolsChangeIsNews = false;
    return this.inner.send(message);
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  private async admit(message: JSONRPCMessage): Promise<void> {
    try {
      const refusal = await this.check();
      if (refusal === null) this.onmessage?.(message);
      else if ('method' in message && 'id' in message) {
        const { code, message: text, reason } = refusal;
        await this.inner.send({
          jsonrpc: '2.0',
          id: message.id,
          error: { code, message: text, data: { reason } },
        });
      }
    } catch (error) {
      this.reportError(error instanceof Error ? error : new Error(String(error)));
    }
  }
}

/** The legacy line's notification, not one on a 2026-07-28 listen stream (those carry params). */
function isToolsListChanged(message: JSONRPCMessage): boolean {
  return (
    'method' in message &&
    message.method === 'notifications/tools/list_changed' &&
    !('id' in message) &&
    !('params' in message && message.params !== undefined)
  );
}
