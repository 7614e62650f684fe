import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { rejectionOf } from '@mcp-connector/shared/test-support';
import { startPageServer, type PageServer } from '../test-support/page-server.ts';
import { DEFAULT_FETCH_LIMITS, fetchPage } from './fetch-page.ts';
import type { AddressResolution } from './safe-target.ts';

let server: PageServer;
beforeAll(async () => {
  server = await startPageServer();
});
afterAll(() => server.close());

const fetchUrl = (url: string, limits = DEFAULT_FETCH_LIMITS) => fetchPage(new URL(url), limits);

describe('following redirects', () => {
  test('follows relative redirects up to 5 hops and reports the final URL', async () => {
    const page = await fetchUrl(server.url('/chain/4'));
    expect(page.status).toBe(200);
    expect(page.url).toBe(server.url('/page'));
  });

  test('more than 5 redirects is fetch_failed', async () => {
    const failure = await rejectionOf(fetchUrl(server.url('/chain/5')));
    expect(failure).toMatchObject({ code: 'fetch_failed' });
    expect(failure.message).toContain('more than 5');
  });

  test.each([
    ['loopback by address', (port: number) => `http://127.0.0.1:${port}/secret`],
    ['loopback by name', (port: number) => `http://localhost:${port}/secret`],
    ['IPv4-mapped loopback', (port: number) => `http://[::ffff:127.0.0.1]:${port}/secret`],
    ['cloud metadata', () => 'http://169.254.169.254/latest/meta-data/'],
    ['a private network', () => 'http://192.168.0.1/secret'],
    ['a file', () => 'file:///etc/passwd'],
  ])('refuses a redirect to %s without connecting', async (_name, target) => {
    const before = server.hits.length;
    const location = encodeURIComponent(target(server.port));
    const failure = await rejectionOf(fetchUrl(server.url(`/to?url=${location}`)));
    expect(failure).toMatchObject({ code: 'fetch_blocked' });
    expect(server.hits.slice(before)).toEqual(['/to']);
  });
});

describe('limits', () => {
  const small = { ...DEFAULT_FETCH_LIMITS, maxBytes: 1024 * 1024 };

  test('a body over the limit is too_large, declared or streamed', async () => {
    expect(await rejectionOf(fetchUrl(server.url('/big'), small))).toMatchObject({
      code: 'too_large',
    });
    expect(await rejectionOf(fetchUrl(server.url('/big-chunked'), small))).toMatchObject({
      code: 'too_large',
    });
  });

  test('a page that never answers is fetch_failed at the deadline', async () => {
    const started = Date.now();
    const failure = await rejectionOf(
      fetchUrl(server.url('/slow'), { ...DEFAULT_FETCH_LIMITS, timeoutMs: 300 }),
    );
    expect(failure).toMatchObject({ code: 'fetch_failed' });
    expect(failure.message).toContain('did not answer in time');
    expect(Date.now() - started).toBeLessThan(3000);
  });

  test('an HTTP error is fetch_failed with the status', async () => {
    expect(await rejectionOf(fetchUrl(server.url('/missing')))).toMatchObject({
      code: 'fetch_failed',
      details: { status: 404 },
    });
  });

  test('gzip bodies are decompressed', async () => {
    const page = await fetchUrl(server.url('/gzip'));
    expect(page.body.toString('utf8')).toContain('All about bees');
  });
});

test('connects to the address it checked: a second DNS answer (rebinding) is never used', async () => {
  const answers = ['127.0.0.1', '10.255.255.1'];
  const asked: string[] = [];
  // Pretends 127.0.0.1 is public so the first answer passes; every later answer is private.
  const rebinding: AddressResolution = {
    resolve: async (hostname) => {
      asked.push(hostname);
      const address = answers[Math.min(asked.length - 1, 1)] as string;
      return [{ address, family: 4 }];
    },
    blockedRange: (address) => (address === '127.0.0.1' ? null : 'private'),
  };
  const page = await fetchPage(
    new URL(`http://rebind.example:${server.port}/plain`),
    DEFAULT_FETCH_LIMITS,
    rebinding,
  );
  expect(page.body.toString('utf8')).toBe('line one\nline two\n');
  expect(asked).toEqual(['rebind.example']);
});
