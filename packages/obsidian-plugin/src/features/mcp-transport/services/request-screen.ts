/**
 * The checks every request passes before any body is read, in this order: path, method, Origin,
 * Host. Origin and Host stop browsers and DNS-rebinding pages from reaching a server that is only
 * meant for programs on this machine. Besides /mcp (POST), the only paths are the server's proof
 * for relays (GET, server-proof.ts) and the OAuth probes (oauth-probes.ts), each with its method:
 * an OAuth client is told there that this server takes bearer tokens.
 */
import { PROOF_PATH } from '@mcp-connector/shared/server-proof';
import { MCP_PATH } from './mcp-path.ts';
import { oauthProbeMethod } from './oauth-probes.ts';

export { MCP_PATH };

export interface Rejection {
  status: 403 | 404 | 405;
  message: string;
  /** With a 405: the method the path takes. */
  allow?: string;
}

export interface RequestHead {
  method?: string | undefined;
  url?: string | undefined;
  headers: Record<string, string | string[] | undefined>;
}

const LOOPBACK_HOSTNAMES = new Set(['127.0.0.1', 'localhost', '[::1]']);

export function pathOf(request: RequestHead): string {
  return (request.url ?? '').split('?')[0] ?? '';
}

export function screenRequest(request: RequestHead, port: number): Rejection | null {
  const path = pathOf(request);
  const method = path === MCP_PATH ? 'POST' : path === PROOF_PATH ? 'GET' : oauthProbeMethod(path);
  if (method === undefined) return { status: 404, message: 'Not found: the MCP endpoint is /mcp.' };
  if (request.method !== method) {
    return {
      status: 405,
      allow: method,
      message:
        path === MCP_PATH
          ? 'Method not allowed: this endpoint is stateless and takes POST only.'
          : `Method not allowed: this path takes ${method} only.`,
    };
  }
  const origin = single(request.headers.origin);
  if (origin !== undefined && !isLoopbackOrigin(origin)) {
    return { status: 403, message: 'Forbidden: requests from web pages are not accepted.' };
  }
  const host = single(request.headers.host)?.toLowerCase();
  if (host !== `127.0.0.1:${port}` && host !== `localhost:${port}`) {
    return { status: 403, message: 'Forbidden: unexpected Host header.' };
  }
  return null;
}

function isLoopbackOrigin(origin: string): boolean {
  try {
    const url = new URL(origin);
    return (
      (url.protocol === 'http:' || url.protocol === 'https:') &&
      LOOPBACK_HOSTNAMES.has(url.hostname)
    );
  } catch {
    return false;
  }
}

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
