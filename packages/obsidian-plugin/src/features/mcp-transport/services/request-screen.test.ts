import { describe, expect, test } from 'bun:test';
import { screenRequest, type RequestHead } from './request-screen.ts';

const PORT = 27201;
function head(
  overrides: Partial<RequestHead> & { headers?: RequestHead['headers'] } = {},
): RequestHead {
  return {
    method: 'POST',
    url: '/mcp',
    ...overrides,
    headers: { host: `127.0.0.1:${PORT}`, ...overrides.headers },
  };
}

describe('screenRequest', () => {
  test('lets a well-formed POST to /mcp through, with or without a loopback Origin', () => {
    expect(screenRequest(head(), PORT)).toBeNull();
    expect(screenRequest(head({ headers: { host: `localhost:${PORT}` } }), PORT)).toBeNull();
    expect(screenRequest(head({ headers: { origin: 'http://localhost:5173' } }), PORT)).toBeNull();
    expect(screenRequest(head({ headers: { origin: 'https://127.0.0.1' } }), PORT)).toBeNull();
    expect(screenRequest(head({ url: '/mcp?x=1' }), PORT)).toBeNull();
  });

  test('checks the path first, then the method, then Origin, then Host', () => {
    const everythingWrong = head({
      url: '/',
      method: 'GET',
      headers: { origin: 'https://evil.example', host: 'evil.example' },
    });
    expect(screenRequest(everythingWrong, PORT)?.status).toBe(404);
    expect(screenRequest({ ...everythingWrong, url: '/mcp' }, PORT)?.status).toBe(405);
    expect(screenRequest({ ...everythingWrong, url: '/mcp', method: 'POST' }, PORT)?.status).toBe(
      403,
    );
    expect(screenRequest(head({ headers: { host: 'evil.example' } }), PORT)?.status).toBe(403);
  });

  test.each(['GET', 'DELETE', 'PUT', 'OPTIONS'])('%s is 405', (method) => {
    expect(screenRequest(head({ method }), PORT)?.status).toBe(405);
  });

  test.each(['/', '/mcp/', '/MCP', '/sse', '/mcp/extra'])('path %p is 404', (url) => {
    expect(screenRequest(head({ url }), PORT)?.status).toBe(404);
  });

  test('lets the OAuth probes through with their own method, under the same Origin and Host rules', () => {
    for (const url of [
      '/.well-known/oauth-protected-resource',
      '/.well-known/oauth-protected-resource/mcp',
      '/.well-known/oauth-authorization-server',
      '/.well-known/openid-configuration',
    ]) {
      expect(screenRequest(head({ url, method: 'GET' }), PORT)).toBeNull();
      expect(screenRequest(head({ url, method: 'POST' }), PORT)).toMatchObject({
        status: 405,
        allow: 'GET',
      });
      const foreign = head({ url, method: 'GET', headers: { host: 'evil.example' } });
      expect(screenRequest(foreign, PORT)?.status).toBe(403);
    }
    expect(screenRequest(head({ url: '/register' }), PORT)).toBeNull();
    expect(screenRequest(head({ url: '/register', method: 'GET' }), PORT)?.allow).toBe('POST');
    expect(screenRequest(head({ url: '/.well-known/other', method: 'GET' }), PORT)?.status).toBe(
      404,
    );
  });

  test.each([
    'https://evil.example',
    'http://127.0.0.1.evil.example',
    'null',
    'file://',
    'http://192.168.1.2:27201',
  ])('Origin %p is 403', (origin) => {
    expect(screenRequest(head({ headers: { origin } }), PORT)?.status).toBe(403);
  });

  test.each([
    undefined,
    '127.0.0.1',
    'localhost',
    `127.0.0.1:${PORT + 1}`,
    `attacker.example:${PORT}`,
    `[::1]:${PORT}`,
  ])('Host %p is 403 (DNS rebinding)', (host) => {
    expect(screenRequest({ method: 'POST', url: '/mcp', headers: { host } }, PORT)?.status).toBe(
      403,
    );
  });
});
