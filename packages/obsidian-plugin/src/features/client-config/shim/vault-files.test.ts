import { describe, expect, test } from 'bun:test';
import { liveServerFrom, tokenAccessFrom } from './vault-files.ts';

const settings = (extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    transport: { port: null },
    tokens: [
      { id: 'a', label: 'A', hash: 'hmac-sha256:a' },
      { id: 'b', label: 'B', hash: 'hmac-sha256:b' },
    ],
    ...extra,
  });
/** This device's secrets file. */
const device = { a: 'device-a', b: 'device-b' };

describe('tokenAccessFrom', () => {
  test("finds exactly the bundle's token and the fixed port", () => {
    expect(tokenAccessFrom(settings(), 'b', device)).toEqual({
      secret: 'device-b',
      fixedPort: null,
    });
    expect(tokenAccessFrom(settings({ transport: { port: 27210 } }), 'a', device)).toEqual({
      secret: 'device-a',
      fixedPort: 27210,
    });
  });

  test('a file not yet migrated: the secret it still holds, when the device has none', () => {
    const legacy = JSON.stringify({ tokens: [{ id: 'a', label: 'A', secret: 'plain-a' }] });
    expect(tokenAccessFrom(legacy, 'a', {})).toEqual({ secret: 'plain-a', fixedPort: null });
  });

  test('a token whose secret is on another device says so', () => {
    expect(tokenAccessFrom(settings(), 'a', {})).toMatchObject({ reason: 'secret_elsewhere' });
  });

  test('an unknown id fails closed and never falls back to another token', () => {
    const withStale = { ...device, revoked: 'stale' };
    expect(tokenAccessFrom(settings(), 'revoked', withStale)).toMatchObject({
      reason: 'token_unknown',
    });
  });

  test('a file that is not JSON is unreadable settings, not an unknown token', () => {
    expect(tokenAccessFrom('{"tokens": [', 'a', device)).toMatchObject({
      reason: 'settings_unreadable',
    });
  });
});

describe('liveServerFrom', () => {
  test('reads a well-formed record and refuses anything else', () => {
    const record = {
      port: 27201,
      pid: 42,
      host: 'obsidian',
      startedAt: '2026-01-01T00:00:00Z',
      proofKey: 'a'.repeat(64),
    };
    expect(liveServerFrom(JSON.stringify(record))).toEqual(record);
    expect(liveServerFrom('{"port": "27201", "pid": 42}')).toBeNull();
    expect(liveServerFrom('not json')).toBeNull();
  });
});
