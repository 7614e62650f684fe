import { describe, expect, test } from 'bun:test';
import { liveServerFrom, tokenAccessFrom } from './vault-files.ts';

const settings = (extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    transport: { port: null },
    tokens: [
      { id: 'a', label: 'A', secret: 'secret-a' },
      { id: 'b', label: 'B', secret: 'secret-b' },
    ],
    ...extra,
  });

describe('tokenAccessFrom', () => {
  test("finds exactly the bundle's token and the fixed port", () => {
    expect(tokenAccessFrom(settings(), 'b')).toEqual({ secret: 'secret-b', fixedPort: null });
    expect(tokenAccessFrom(settings({ transport: { port: 27210 } }), 'a')).toEqual({
      secret: 'secret-a',
      fixedPort: 27210,
    });
  });

  test('an unknown id fails closed and never falls back to another token', () => {
    expect(tokenAccessFrom(settings(), 'revoked')).toMatchObject({ reason: 'token_unknown' });
  });

  test('a file that is not JSON is unreadable settings, not an unknown token', () => {
    expect(tokenAccessFrom('{"tokens": [', 'a')).toMatchObject({ reason: 'settings_unreadable' });
  });
});

describe('liveServerFrom', () => {
  test('reads a well-formed record and refuses anything else', () => {
    const record = { port: 27201, pid: 42, host: 'obsidian', startedAt: '2026-01-01T00:00:00Z' };
    expect(liveServerFrom(JSON.stringify(record))).toEqual(record);
    expect(liveServerFrom('{"port": "27201", "pid": 42}')).toBeNull();
    expect(liveServerFrom('not json')).toBeNull();
  });
});
