/**
 * What an OAuth client is told when it probes this server. The server takes bearer tokens that
 * the person copies from Obsidian or makes with the CLI; it runs no authorization server. A
 * client that meets a 401 and tries OAuth (mcp-remote, the MCP SDK's `auth()`) asks in turn for
 * the protected resource's metadata (RFC 9728; the 401's `resource_metadata` points at it), the
 * authorization server's (RFC 8414, OpenID discovery) and a dynamic registration (RFC 7591,
 * POST /register). The first is answered: this resource takes a bearer token in the
 * Authorization header, and names no authorization server. The metadata probes get a 404 and
 * the registration a 403, each with a JSON body that says why and where a token comes from: the
 * SDK puts that body into the error it ends with ("Dynamic Client Registration rejected (HTTP
 * 403): ..."), so the person reads about the token. (Not a 404 there: mcp-remote reads "404" in
 * an error as a reason to retry over SSE, which would hide the message.) Nothing here is
 * secret; the transport guard's path, method, Origin and Host checks still apply.
 */
import { PRODUCT_NAMES } from '@mcp-connector/shared';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { MCP_PATH } from './mcp-path.ts';

const PROTECTED_RESOURCE = '/.well-known/oauth-protected-resource';

/**
 * Where a token comes from, for every refusal that is about one. It must not contain
 * "Unauthorized", "404" or "Not Found": mcp-remote reads those words in an error message as a
 * reason to start a browser sign-in or to retry over SSE.
 */
export const WHERE_TOKENS_COME_FROM = `Copy a token from Obsidian (Settings, Local MCP Server) or make one with \`${PRODUCT_NAMES.cliBinary} tokens --vault <vault> add --label <name>\`, and send it as 'Authorization: Bearer <token>'.`;

const NO_OAUTH = `This MCP server does not use OAuth: every request carries one of the vault's tokens as a bearer token, and the one sent was missing or is not one of them (revoked or regenerated?). ${WHERE_TOKENS_COME_FROM}`;

/** The probes answered, each with the method it comes with. */
const PROBES: ReadonlyMap<string, 'GET' | 'POST'> = new Map([
  [PROTECTED_RESOURCE, 'GET'],
  [`${PROTECTED_RESOURCE}${MCP_PATH}`, 'GET'],
  ['/.well-known/oauth-authorization-server', 'GET'],
  [`/.well-known/oauth-authorization-server${MCP_PATH}`, 'GET'],
  ['/.well-known/openid-configuration', 'GET'],
  [`/.well-known/openid-configuration${MCP_PATH}`, 'GET'],
  [`${MCP_PATH}/.well-known/openid-configuration`, 'GET'],
  ['/register', 'POST'],
]);

/** The method a probe path is answered for, or undefined when the path is no probe. */
export function oauthProbeMethod(path: string): 'GET' | 'POST' | undefined {
  return PROBES.get(path);
}

/** The 401's pointer to the protected resource's metadata (RFC 9728 section 5.1). */
export function resourceMetadataUrl(host: string): string {
  return `http://${host}${PROTECTED_RESOURCE}${MCP_PATH}`;
}

/** Answers a probe the guard let through (a loopback Host, the probe's method). */
export function answerOAuthProbe(
  request: IncomingMessage,
  response: ServerResponse,
  path: string,
): void {
  response.setHeader('Connection', 'close');
  request.resume(); // a registration's body is never read
  if (path.startsWith(PROTECTED_RESOURCE)) {
    sendJson(response, 200, {
      resource: `http://${request.headers.host ?? ''}${MCP_PATH}`,
      bearer_methods_supported: ['header'],
      resource_name: 'Local MCP Server for Obsidian (bearer tokens, no OAuth)',
      resource_description: NO_OAUTH,
    });
    return;
  }
  const status = oauthProbeMethod(path) === 'POST' ? 403 : 404;
  sendJson(response, status, { error: 'oauth_not_supported', error_description: NO_OAUTH });
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
}
