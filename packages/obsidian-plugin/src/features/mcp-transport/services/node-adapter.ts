/**
 * The Node side of the SDK's web-standard MCP handler, in place of `toNodeHandler` from
 * @modelcontextprotocol/node: the same request conversion (its `toWebRequest`, the body already
 * parsed by the endpoint) and the same hand-over of `request.auth` as `authInfo`
 * (caller-token.ts), but an answer whose length is known goes out in one `end()` instead of
 * through the body stream's async iterator, chunk by chunk. Any other body (an event stream) is
 * written as it comes, waiting for `drain`, and stops when the client goes away.
 */
import type { AuthInfo } from '@modelcontextprotocol/server';
import { toWebRequest } from '@modelcontextprotocol/node';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { McpNodeHandler } from './http-endpoint.ts';

export interface WebMcpHandler {
  fetch(request: Request, init: { authInfo?: AuthInfo; parsedBody?: unknown }): Promise<Response>;
}

export function toNodeMcpHandler(handler: WebMcpHandler): McpNodeHandler {
  return async (request, response, parsedBody) => {
    const gone = new AbortController();
    // Closed before the answer was written whole: the client went away.
    response.on('close', () => {
      if (!response.writableEnded) gone.abort();
    });
    const webRequest = await toWebRequest(request, parsedBody, { signal: gone.signal });
    const auth = (request as IncomingMessage & { auth?: AuthInfo }).auth;
    const answer = await handler.fetch(webRequest, {
      ...(auth !== undefined && { authInfo: auth }),
      parsedBody,
    });
    await send(answer, response, gone.signal);
  };
}

async function send(answer: Response, response: ServerResponse, gone: AbortSignal): Promise<void> {
  response.writeHead(answer.status, Object.fromEntries(answer.headers));
  if (answer.body === null) {
    response.end();
    return;
  }
  if (answer.headers.has('content-length')) {
    response.end(new Uint8Array(await answer.arrayBuffer()));
    return;
  }
  const reader = answer.body.getReader();
  // A read waiting for an event that will never be sent ends when the client goes away.
  gone.addEventListener('abort', () => void reader.cancel().catch(() => undefined), { once: true });
  try {
    while (!gone.aborted) {
      const { done, value } = await reader.read();
      if (done) break;
      if (!response.write(value)) await drained(response, gone);
    }
  } finally {
    response.end();
  }
}

function drained(response: ServerResponse, gone: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      response.off('drain', done);
      gone.removeEventListener('abort', done);
      resolve();
    };
    response.once('drain', done);
    gone.addEventListener('abort', done, { once: true });
  });
}
