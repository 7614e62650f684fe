/**
 * How the caller's token id crosses the MCP SDK, named at both ends. The SDK's side channel for
 * per-request credentials is its `AuthInfo`: the Node adapter (node-adapter.ts, as the SDK's
 * `toNodeHandler` does) forwards `request.auth` to `createMcpHandler`'s `fetch` as
 * `authInfo`, and the handler hands it to the per-request server factory as
 * `McpRequestContext.authInfo`. The endpoint attaches the matched token's id (never its secret)
 * after the bearer check; the per-request server reads it back to resolve the caller's scope.
 */
import type { AuthInfo, McpRequestContext } from '@modelcontextprotocol/server';
import type { IncomingMessage } from 'node:http';

/** The SDK's AuthInfo as we fill it: the token's id in `clientId` (and `token`), no scopes. */
export type CallerAuthInfo = AuthInfo & { clientId: string };

/** The endpoint's end: puts the token id where the Node adapter picks it up (`request.auth`). */
export function attachCallerToken(request: IncomingMessage, tokenId: string): void {
  const auth: CallerAuthInfo = { token: tokenId, clientId: tokenId, scopes: [] };
  Object.assign(request, { auth });
}

/** The server factory's end: the token id the endpoint attached ('' if none was). */
export function callerTokenId(request: McpRequestContext): string {
  return request.authInfo?.clientId ?? '';
}
