/**
 * fetch end to end: the real headless server over HTTP, fetching from a local page server. The
 * page server listens on 127.0.0.1, which fetch refuses, so it is reached as `pages.test` through
 * the test-only route (same pinned connection path, policy skipped for that one name). Redirects
 * from it to loopback, private and metadata addresses must be refused before any connection.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import {
  startPageServer,
  type PageServer,
} from '../../../../obsidian-plugin/src/features/mcp-tools/tools/web/test-support/page-server.ts';
import {
  PROTOCOL_LINES,
  callFail,
  callOk,
  snapshotVault,
  startTestServer,
  type McpTestServer,
} from '../../test-support/index.ts';

let t: McpTestServer;
let pages: PageServer;
beforeAll(async () => {
  t = await startTestServer();
  pages = await startPageServer();
});
afterAll(async () => {
  await pages.close();
  await t.stop();
});

describe('fetch over HTTP', () => {
  test.each(PROTOCOL_LINES)(
    '%s: listed within budget; a page comes back as Markdown',
    async (line) => {
      const client = await t.connect(line);
      const listed = (await client.listTools()).tools.find((tool) => tool.name === 'fetch');
      expect(Buffer.byteLength(JSON.stringify(listed))).toBeLessThan(530);
      const result = await callOk(client, 'fetch', { url: pages.url('/gzip') });
      expect(result).toMatchObject({ status: 200, format: 'markdown', truncated: false });
      expect(result.content).toStartWith('# All about bees');
    },
  );

  test('pagination: windows join up to the whole page', async () => {
    const client = await t.connect('modern');
    const whole = await callOk(client, 'fetch', { url: pages.url('/page') });
    const first = await callOk(client, 'fetch', { url: pages.url('/page'), maxLength: 50 });
    expect(first).toMatchObject({
      truncated: true,
      nextStartIndex: 50,
      totalLength: whole.totalLength,
    });
    const rest = await callOk(client, 'fetch', {
      url: pages.url('/page'),
      startIndex: first.nextStartIndex,
      maxLength: 100_000,
    });
    expect(`${String(first.content)}${String(rest.content)}`).toBe(whole.content as string);
  });

  test('a redirect chain within the page server is followed', async () => {
    const client = await t.connect('legacy');
    expect(await callOk(client, 'fetch', { url: pages.url('/chain/3') })).toMatchObject({
      url: pages.url('/page'),
    });
  });

  test.each([
    ['loopback', (port: number) => `http://127.0.0.1:${port}/secret`],
    ['localhost', (port: number) => `http://localhost:${port}/secret`],
    ['IPv6 loopback', (port: number) => `http://[::1]:${port}/secret`],
    ['IPv4-mapped IPv6 loopback', (port: number) => `http://[::ffff:7f00:1]:${port}/secret`],
    ['a private address', () => 'http://10.0.0.1/secret'],
    ['cloud metadata', () => 'http://169.254.169.254/latest/meta-data/iam/'],
  ])('a redirect to %s is fetch_blocked and never requested', async (_name, target) => {
    const client = await t.connect('modern');
    const before = pages.hits.length;
    const failure = await callFail(client, 'fetch', {
      url: pages.url(`/to?url=${encodeURIComponent(target(pages.port))}`),
    });
    expect(failure.code).toBe('fetch_blocked');
    expect(failure.message).toContain('only public hosts');
    expect(pages.hits.slice(before)).toEqual(['/to']);
  });

  test.each([
    ['a loopback URL', 'http://127.0.0.1/', 'fetch_blocked'],
    ['a file URL', 'file:///etc/passwd', 'fetch_blocked'],
    ['an HTTP error', '/missing', 'fetch_failed'],
    ['too many redirects', '/chain/6', 'fetch_failed'],
    ['a body over 5 MB', '/big', 'too_large'],
    ['an image', '/image', 'unsupported'],
    ['not a URL', 'not a url', 'invalid_arguments'],
  ])('%s fails and the vault is unchanged', async (_name, url, code) => {
    const client = await t.connect('legacy');
    const before = await snapshotVault(t.vault.root);
    const failure = await callFail(client, 'fetch', {
      url: url.startsWith('/') ? pages.url(url) : url,
    });
    expect(failure.code).toBe(code);
    expect(await snapshotVault(t.vault.root)).toEqual(before);
  });
});
