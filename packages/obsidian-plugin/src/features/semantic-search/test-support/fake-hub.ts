/**
 * A loopback server that plays the Hugging Face hub and the npm CDN for tests: it serves model
 * folders at `/<model id>/resolve/<revision>/<file>` (large files through a redirect, as the
 * hub sends LFS files to its CDN) and onnxruntime-web's dist folder at
 * `/npm/onnxruntime-web@<version>/dist/<file>`, with Range requests and CORS as the real ones
 * have. Faults are scripted per path: corrupt the next N responses, or end the next response
 * early (the client sees a body shorter than the file), or hold the next response after some
 * bytes until the test releases it (a download caught in the middle). It binds 127.0.0.1 on a port the system picks and records every request.
 */
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';

export interface FakeHubOptions {
  /** Model id -> { revision, folder on disk }. */
  models: Record<string, { revision: string; folder: string }>;
  /** onnxruntime-web's version and its dist folder (node_modules). */
  runtime?: { version: string; dist: string };
}

export interface HubRequest {
  path: string;
  range: string | null;
  status: number;
}

export interface FakeHub {
  url: string;
  requests: HubRequest[];
  /** The next `times` responses for a path ending in `suffix` carry flipped bytes. */
  corrupt(suffix: string, times?: number): void;
  /** The next response for a path ending in `suffix` ends after `bytes` bytes. */
  cutAfter(suffix: string, bytes: number): void;
  /**
   * The next response for a path ending in `suffix` sends `bytes` bytes, then waits until
   * `release()` (or until the client goes away) before it sends the rest.
   */
  holdAfter(suffix: string, bytes: number): { release(): void };
  close(): Promise<void>;
}

const REDIRECT_ABOVE = 10_000;

export async function startFakeHub(options: FakeHubOptions): Promise<FakeHub> {
  const requests: HubRequest[] = [];
  const corruptions = new Map<string, number>();
  const cuts = new Map<string, number>();
  const holds = new Map<string, { bytes: number; released: Promise<void> }>();
  /** Whether the next response for `path` is to be corrupted (using up one of its turns). */
  const corruptsNow = (path: string): boolean => {
    const suffix = matching(corruptions, path);
    if (suffix === undefined) return false;
    const left = (corruptions.get(suffix) ?? 1) - 1;
    if (left > 0) corruptions.set(suffix, left);
    else corruptions.delete(suffix);
    return true;
  };
  const cutFor = (path: string): number | undefined => {
    const suffix = matching(cuts, path);
    if (suffix === undefined) return undefined;
    const bytes = cuts.get(suffix);
    cuts.delete(suffix);
    return bytes;
  };

  const server = createServer((request, response) => {
    void serve(request, response).catch(() => response.destroy());
  });
  async function serve(request: IncomingMessage, response: ServerResponse): Promise<void> {
    response.setHeader('Access-Control-Allow-Origin', '*');
    response.setHeader('Access-Control-Allow-Headers', 'Range');
    response.setHeader('Access-Control-Expose-Headers', 'Content-Range, Content-Length');
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://hub').pathname);
    const range = request.headers.range ?? null;
    const answer = (status: number) => {
      requests.push({ path, range, status });
      response.statusCode = status;
    };
    if (request.method === 'OPTIONS') return void (answer(204), response.end());
    const found = locate(path, options);
    const size =
      found === null
        ? null
        : await stat(found.file).then(
            (info) => info.size,
            () => null,
          );
    if (found === null || size === null) return void (answer(404), response.end('not found'));
    if (found.redirect && size > REDIRECT_ABOVE) {
      answer(302);
      response.setHeader('Location', `/lfs${path}`);
      return void response.end();
    }
    const start = range === null ? 0 : Number(/^bytes=(\d+)-$/.exec(range)?.[1] ?? 0);
    answer(start > 0 ? 206 : 200);
    response.setHeader('Content-Length', String(size - start));
    response.setHeader('Accept-Ranges', 'bytes');
    if (start > 0) response.setHeader('Content-Range', `bytes ${start}-${size - 1}/${size}`);
    if (corruptsNow(path)) {
      const bytes = (await readFile(found.file)).subarray(start);
      bytes[bytes.length >> 1] = (bytes[bytes.length >> 1] ?? 0) ^ 0xff;
      return void response.end(bytes);
    }
    const holdSuffix = [...holds.keys()].find((suffix) => path.endsWith(suffix));
    const hold = holdSuffix === undefined ? undefined : holds.get(holdSuffix);
    if (holdSuffix !== undefined && hold !== undefined) {
      holds.delete(holdSuffix);
      const bytes = (await readFile(found.file)).subarray(start);
      response.write(bytes.subarray(0, hold.bytes));
      const gone = new Promise<void>((resolve) => response.once('close', () => resolve()));
      await Promise.race([hold.released, gone]);
      if (!response.destroyed) response.end(bytes.subarray(hold.bytes));
      return;
    }
    const cut = cutFor(path);
    if (cut !== undefined) {
      // A transfer that ends early: chunked, so the client sees the end, not a length error.
      response.removeHeader('Content-Length');
      const bytes = (await readFile(found.file)).subarray(start, start + cut);
      return void response.end(bytes);
    }
    createReadStream(found.file, { start }).pipe(response);
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    corrupt: (suffix, times = 1) => corruptions.set(suffix, times),
    cutAfter: (suffix, bytes) => cuts.set(suffix, bytes),
    holdAfter: (suffix, bytes) => {
      let release = () => undefined as void;
      const released = new Promise<void>((resolve) => (release = resolve));
      holds.set(suffix, { bytes, released });
      return { release: () => release() };
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function matching(faults: Map<string, number>, path: string): string | undefined {
  for (const suffix of faults.keys()) if (path.endsWith(suffix)) return suffix;
  return undefined;
}

function locate(path: string, options: FakeHubOptions): { file: string; redirect: boolean } | null {
  const lfs = path.startsWith('/lfs/');
  const rest = lfs ? path.slice(4) : path;
  if (rest.includes('..')) return null;
  const runtime = /^\/npm\/onnxruntime-web@([^/]+)\/dist\/([^/]+)$/.exec(rest);
  if (runtime !== null) {
    if (options.runtime === undefined || runtime[1] !== options.runtime.version) return null;
    return { file: join(options.runtime.dist, runtime[2] as string), redirect: false };
  }
  for (const [modelId, model] of Object.entries(options.models)) {
    const prefix = `/${modelId}/resolve/${model.revision}/`;
    if (rest.startsWith(prefix))
      return { file: join(model.folder, ...rest.slice(prefix.length).split('/')), redirect: !lfs };
  }
  return null;
}
