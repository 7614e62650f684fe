import { afterEach, describe, expect, test } from 'bun:test';
import { request as httpRequest, type ClientRequest } from 'node:http';
import { closeLoopbackServers, serveOnLoopback } from '../test-support/loopback-server.ts';
import { readBodyWithin } from './request-body.ts';

afterEach(closeLoopbackServers);

/** The body read, or 'too_large' / 'timeout'. */
type Outcome = string;

/** A loopback server that reads each request's body with the limits given and reports it. */
async function reader(limit: number, timeoutMs: number) {
  let report: (outcome: Outcome) => void = () => undefined;
  const outcome = new Promise<Outcome>((resolve) => (report = resolve));
  const port = await serveOnLoopback((request, response) => {
    void readBodyWithin(request, limit, timeoutMs).then((body) => {
      report(typeof body === 'string' ? body : body.toString('utf8'));
      response.end();
    });
  });
  const open = (headers: Record<string, string> = {}): ClientRequest => {
    const req = httpRequest({ host: '127.0.0.1', port, method: 'POST', path: '/', headers });
    req.on('error', () => undefined);
    return req;
  };
  return { outcome, open };
}

describe('readBodyWithin', () => {
  test('a body sent in pieces is read whole', async () => {
    const { outcome, open } = await reader(1024, 5000);
    const req = open();
    req.write('{"jsonrpc":');
    req.write('"2.0","id":1}');
    req.end();
    expect(await outcome).toBe('{"jsonrpc":"2.0","id":1}');
  });

  test('a body over the limit is too_large, declared or not', async () => {
    const declared = await reader(8, 5000);
    const req = declared.open({ 'content-length': '100' });
    req.end('x'.repeat(100));
    expect(await declared.outcome).toBe('too_large');
    const chunked = await reader(8, 5000);
    const streamed = chunked.open();
    streamed.write('x'.repeat(5));
    streamed.end('x'.repeat(5));
    expect(await chunked.outcome).toBe('too_large');
  });

  test('a body that stops arriving is given up on once the time is up', async () => {
    const { outcome, open } = await reader(1024, 50);
    const req = open({ 'content-length': '20' });
    req.write('{"half":');
    expect(await outcome).toBe('timeout');
    req.destroy();
  });
});
