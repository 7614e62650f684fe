import { describe, expect, test } from 'bun:test';
import { takePage } from './list-limits.ts';

const items = Array.from({ length: 1500 }, (_, index) => index);

describe('takePage', () => {
  test('defaults to 200 and reports the real total', () => {
    expect(takePage(items, undefined)).toMatchObject({ total: 1500, truncated: true });
    expect(takePage(items, undefined).items.length).toBe(200);
  });

  test('clamps a large limit to 1000', () => {
    expect(takePage(items, 5000).items.length).toBe(1000);
  });

  test('is not truncated when everything fits', () => {
    expect(takePage([1, 2], 2)).toEqual({ items: [1, 2], total: 2, truncated: false });
  });
});
