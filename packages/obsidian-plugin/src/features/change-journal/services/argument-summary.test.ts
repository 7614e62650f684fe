import { describe, expect, test } from 'bun:test';
import { canonicalJson, summarizeArguments } from './argument-summary.ts';

describe('argument summaries', () => {
  test('long strings and lists are cut, the whole is capped', () => {
    expect(summarizeArguments({ path: 'a.md', content: 'x'.repeat(100) })).toBe(
      `{"path":"a.md","content":"${'x'.repeat(40)}… (100 chars)"}`,
    );
    expect(summarizeArguments({ names: ['a', 'b', 'c', 'd', 'e', 'f'] })).toBe(
      '{"names":["a","b","c","d","e","… (6 items)"]}',
    );
    expect(
      summarizeArguments({ many: Array.from({ length: 5 }, () => 'y'.repeat(40)) }).length,
    ).toBe(200);
  });

  test('canonical JSON does not depend on key order', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { f: 1, e: 0 }], c: null } })).toBe(
      canonicalJson({ a: { c: null, d: [2, { e: 0, f: 1 }] }, b: 1 }),
    );
  });
});
