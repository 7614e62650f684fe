/**
 * The checks every request passes before any body is read, in this order: path, method, Origin,
 * Host. Origin and Host stop browsers and DNS-rebinding pages from reaching a server that is only
 * meant for programs on this machine.
 */
export const MCP_PATH = '/mcp';

export interface Rejection {
  status: 403 | 404 | 405;
  message: string;
}

export interface RequestHead {
  method?: string | undefined;
  url?: string | undefined;
  headers: Record<string, string | string[] | undefined>;
}

const LOOPBACK_HOSTNAMES = new Set(['127.0.0.1', 'localhost', '[::1]']);

export function screenRequest(request: RequestHead, port: number): Rejection | null {
  const path = (request.url ?? '').split('?')[0];
  if (path !== MCP_PATH) return { status: 404, message: 'Not found: the MCP endpoint is /mcp.' };
  if (request.method !== 'POST') {
    return {
      status: 405,
      message: 'Method not allowed: this endpoint is stateless and takes POST only.',
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
