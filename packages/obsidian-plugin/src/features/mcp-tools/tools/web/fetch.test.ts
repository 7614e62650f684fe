import { afterAll, afterEach, beforeAll, describe, expect, test } from 'bun:test';
import { openTestHost, type TestHost } from '../../../../host/test-support/test-host.ts';
import { runFail, runOk } from '../../test-support/run-tool.ts';
import { fetchTool } from './fetch.ts';
import { startPageServer, type PageServer } from './test-support/page-server.ts';

let server: PageServer;
let vault: TestHost;
beforeAll(async () => {
  server = await startPageServer();
  vault = await openTestHost({});
});
afterAll(async () => {
  await server.close();
  await vault.close();
});
afterEach(() => {
  server.hits.length = 0;
});

const fetchOk = (args: Record<string, unknown>) => runOk(fetchTool, vault.host, args);
const fetchFail = (args: Record<string, unknown>) => runFail(fetchTool, vault.host, args);

describe('fetch', () => {
  test('returns a page as Markdown with the final URL and its length', async () => {
    const result = await fetchOk({ url: server.url('/page') });
    expect(result).toMatchObject({
      url: server.url('/page'),
      status: 200,
      contentType: 'text/html; charset=utf-8',
      format: 'markdown',
      startIndex: 0,
      truncated: false,
    });
    const content = result.content as string;
    expect(content).toStartWith('# All about bees\n\nBees make **honey**.');
    expect(content).toContain(`[the notes](${server.url('/plain')})`);
    expect(content).toContain(`![a bee](${server.url('/img/bee.png')})`);
    expect(content).not.toContain('tracking');
    expect(content).not.toContain('Bees\n');
    expect(result.totalLength).toBe(content.length);
  });

  test('reads a long page in windows that join up to the whole', async () => {
    const whole = (await fetchOk({ url: server.url('/page') })).content as string;
    const parts: string[] = [];
    let startIndex: number | undefined = 0;
    while (startIndex !== undefined) {
      const part = await fetchOk({ url: server.url('/page'), maxLength: 40, startIndex });
      parts.push(part.content as string);
      expect(part.totalLength).toBe(whole.length);
      startIndex = part.nextStartIndex as number | undefined;
    }
    expect(parts.join('')).toBe(whole);
    expect(parts.length).toBe(Math.ceil(whole.length / 40));
  });

  test('format html returns the HTML; text pages come as they are', async () => {
    const html = await fetchOk({ url: server.url('/page'), format: 'html' });
    expect(html.format).toBe('html');
    expect(html.content).toContain('<script>');
    expect(await fetchOk({ url: server.url('/plain') })).toMatchObject({
      format: 'text',
      content: 'line one\nline two\n',
    });
  });

  test.each([
    ['a loopback address', 'http://127.0.0.1:9/', 'fetch_blocked'],
    ['localhost', 'http://localhost:9/', 'fetch_blocked'],
    ['the metadata service', 'http://169.254.169.254/latest/meta-data/', 'fetch_blocked'],
    ['a file URL', 'file:///etc/passwd', 'fetch_blocked'],
    ['a relative URL', '/page', 'invalid_arguments'],
  ] as const)('refuses %s', async (_name, url, code) => {
    expect((await fetchFail({ url })).code).toBe(code);
  });

  test.each([
    ['a 404', '/missing', 'fetch_failed'],
    ['an image', '/image', 'unsupported'],
  ] as const)('fails on %s', async (_name, path, code) => {
    expect((await fetchFail({ url: server.url(path) })).code).toBe(code);
  });

  test('a redirect to a private address is refused and never followed', async () => {
    const location = encodeURIComponent(`http://127.0.0.1:${server.port}/secret`);
    const failure = await fetchFail({ url: server.url(`/to?url=${location}`) });
    expect(failure).toMatchObject({ code: 'fetch_blocked', details: { range: 'loopback' } });
    expect(server.hits).toEqual(['/to']);
  });

  test.each([[{ maxLength: 0 }], [{ maxLength: 1.5 }], [{ startIndex: -1 }], [{ format: 'text' }]])(
    'rejects the arguments %o',
    async (args) => {
      expect((await fetchFail({ url: server.url('/page'), ...args })).code).toBe(
        'invalid_arguments',
      );
    },
  );

  test('a startIndex past the end says how long the text is', async () => {
    const failure = await fetchFail({ url: server.url('/plain'), startIndex: 500 });
    expect(failure).toMatchObject({ code: 'invalid_arguments', details: { totalLength: 18 } });
  });
});
