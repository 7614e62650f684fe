/**
 * One GET over node:http/https to a pinned address: the socket connects to the address the
 * policy checked (a custom `lookup` that answers only with it), while the Host header and the TLS
 * name stay the URL's host. No connection reuse (`agent: false`), so no socket opened for another
 * address is ever used. Redirects are not followed here: their Location comes back. The body is
 * decompressed and cut off past `maxBytes` (counted after decompression); the request is destroyed
 * at `deadline`.
 */
import { ToolError } from '@mcp-connector/shared';
import { request as httpRequest, type IncomingMessage, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import type { Readable } from 'node:stream';
import { clearTimeout, setTimeout } from 'node:timers';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import type { PinnedTarget } from './safe-target.ts';

export interface HopLimits {
  maxBytes: number;
  /** Epoch ms after which the request is abandoned. */
  deadline: number;
}

export interface HopResponse {
  status: number;
  contentType: string;
  /** The Location header of a redirect. */
  location: string | null;
  body: Buffer;
}

const USER_AGENT = 'Mozilla/5.0 (compatible; MCP-Connector-for-Obsidian)';

export function requestPinned(target: PinnedTarget, limits: HopLimits): Promise<HopResponse> {
  return new Promise((resolve, reject) => {
    const send = target.url.protocol === 'https:' ? httpsRequest : httpRequest;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const finish = (error: unknown, response?: HopResponse) => {
      clearTimeout(timer);
      if (response !== undefined) resolve(response);
      else reject(asFetchError(error, target.url));
    };
    const request = send(requestOptions(target), (response) => {
      readResponse(response, limits.maxBytes, target.url).then(
        (read) => finish(null, read),
        (error: unknown) => finish(error),
      );
    });
    timer = setTimeout(
      () => request.destroy(timeoutError(target.url)),
      Math.max(0, limits.deadline - Date.now()),
    );
    request.on('error', (error) => finish(error));
    request.end();
  });
}

function requestOptions(target: PinnedTarget): RequestOptions {
  return {
    hostname: target.hostname,
    port: target.url.port === '' ? undefined : Number(target.url.port),
    path: `${target.url.pathname}${target.url.search}`,
    method: 'GET',
    headers: {
      'user-agent': USER_AGENT,
      accept: 'text/html,application/xhtml+xml,text/plain;q=0.9,*/*;q=0.8',
      'accept-encoding': 'gzip, deflate, br',
    },
    lookup: pinnedLookup(target),
    agent: false,
  };
}

function pinnedLookup(target: PinnedTarget): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all === true) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
}

async function readResponse(
  response: IncomingMessage,
  maxBytes: number,
  url: URL,
): Promise<HopResponse> {
  const status = response.statusCode ?? 0;
  const contentType = headerText(response.headers['content-type']);
  const location = headerText(response.headers.location) || null;
  if ((status >= 300 && status < 400) || status >= 400) {
    response.resume();
    return { status, contentType, location, body: Buffer.alloc(0) };
  }
  const declared = Number(response.headers['content-length'] ?? 0);
  if (declared > maxBytes && headerText(response.headers['content-encoding']) === '') {
    response.destroy();
    throw tooLarge(url, maxBytes);
  }
  const body = await collect(decoded(response, url), maxBytes, url);
  return { status, contentType, location, body };
}

function decoded(response: IncomingMessage, url: URL): Readable {
  const encoding = headerText(response.headers['content-encoding']).toLowerCase().trim();
  if (encoding === '' || encoding === 'identity') return response;
  const decoder =
    encoding === 'gzip' || encoding === 'x-gzip'
      ? createGunzip()
      : encoding === 'deflate'
        ? createInflate()
        : encoding === 'br'
          ? createBrotliDecompress()
          : null;
  if (decoder === null) {
    response.destroy();
    throw new ToolError(
      'fetch_failed',
      `${url.href} came with an unknown encoding "${encoding}".`,
      {
        url: url.href,
      },
    );
  }
  response.on('error', (error) => decoder.destroy(error));
  return response.pipe(decoder);
}

async function collect(stream: Readable, maxBytes: number, url: URL): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of stream) {
      size += (chunk as Buffer).byteLength;
      if (size > maxBytes) {
        stream.destroy();
        throw tooLarge(url, maxBytes);
      }
      chunks.push(chunk as Buffer);
    }
  } catch (error) {
    throw asFetchError(error, url);
  }
  return Buffer.concat(chunks);
}

function headerText(value: string | string[] | undefined): string {
  return Array.isArray(value) ? (value[0] ?? '') : (value ?? '');
}

function tooLarge(url: URL, maxBytes: number): ToolError {
  return new ToolError(
    'too_large',
    `${url.href} is larger than ${maxBytes / (1024 * 1024)} MB; fetch a smaller page.`,
    { url: url.href, maxBytes },
  );
}

function timeoutError(url: URL): ToolError {
  return new ToolError('fetch_failed', `${url.href} did not answer in time.`, { url: url.href });
}

function asFetchError(error: unknown, url: URL): ToolError {
  if (error instanceof ToolError) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new ToolError('fetch_failed', `Fetching ${url.href} failed: ${message}`, {
    url: url.href,
  });
}
