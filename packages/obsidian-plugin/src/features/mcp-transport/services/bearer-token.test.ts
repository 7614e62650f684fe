import { describe, expect, test } from 'bun:test';
import { hashSecret, newToken, recordOf } from '@mcp-connector/shared';
import { matchBearerToken } from './bearer-token.ts';

const first = newToken('First');
const second = newToken('Second');
// What data.json holds: the records with their hashes, no secret.
const tokens = [recordOf(first), recordOf(second)];

describe('matchBearerToken', () => {
  test('finds the record whose secret is presented, whichever position it has', () => {
    expect(matchBearerToken(`Bearer ${first.secret}`, tokens)).toBe(tokens[0] ?? null);
    expect(matchBearerToken(`bearer ${second.secret}`, tokens)).toBe(tokens[1] ?? null);
  });

  test("another token's secret does not verify, nor does the hash itself", () => {
    const swapped = [{ ...recordOf(first), hash: hashSecret(second.id, first.secret) }];
    expect(matchBearerToken(`Bearer ${first.secret}`, swapped)).toBeNull();
    expect(matchBearerToken(`Bearer ${recordOf(first).hash}`, tokens)).toBeNull();
  });

  test('a malformed stored hash matches nothing', () => {
    const broken = [{ ...recordOf(first), hash: 'sha1:abc' }];
    expect(matchBearerToken(`Bearer ${first.secret}`, broken)).toBeNull();
  });

  test.each([
    ['no header', undefined],
    ['empty header', ''],
    ['another scheme', `Basic ${first.secret}`],
    ['a wrong secret', `Bearer ${first.secret.slice(0, -1)}x`],
    ['a prefix of a secret', `Bearer ${first.secret.slice(0, 10)}`],
    ['the bare secret', first.secret],
    ['an empty bearer', 'Bearer '],
  ])('rejects %s', (_name, header) => {
    expect(matchBearerToken(header, tokens)).toBeNull();
  });

  test('rejects everything when no token exists', () => {
    expect(matchBearerToken(`Bearer ${first.secret}`, [])).toBeNull();
  });
});
