import { describe, expect, test } from 'bun:test';
import { newTokenRecord } from '@mcp-connector/shared';
import { matchBearerToken } from './bearer-token.ts';

const first = newTokenRecord('First');
const second = newTokenRecord('Second');
const tokens = [first, second];

describe('matchBearerToken', () => {
  test('finds the record whose secret is presented, whichever position it has', () => {
    expect(matchBearerToken(`Bearer ${first.secret}`, tokens)).toBe(first);
    expect(matchBearerToken(`bearer ${second.secret}`, tokens)).toBe(second);
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
