import { describe, expect, test } from 'bun:test';
import { TermCounts, TermDictionary } from './term-counts.ts';

describe('TermCounts', () => {
  test('answers each counted term and nothing else', () => {
    const dictionary = new TermDictionary();
    const counted = new Map([
      ['zebra', 3],
      ['apple', 1],
      ['mango', 7],
    ]);
    const counts = TermCounts.of(dictionary, counted);
    expect(counts.size).toBe(3);
    for (const [term, count] of counted) {
      expect(counts.has(term)).toBe(true);
      expect(counts.get(term)).toBe(count);
    }
    expect(counts.get('pear')).toBeUndefined();
    expect(counts.has('pear')).toBe(false);
  });

  test('notes sharing a dictionary keep their own counts', () => {
    const dictionary = new TermDictionary();
    const terms = Array.from({ length: 500 }, (_, i) => `term${i}`);
    const first = TermCounts.of(dictionary, new Map(terms.map((term, i) => [term, i + 1])));
    const second = TermCounts.of(
      dictionary,
      new Map(terms.filter((_, i) => i % 3 === 0).map((term) => [term, 2])),
    );
    terms.forEach((term, i) => {
      expect(first.get(term)).toBe(i + 1);
      expect(second.get(term)).toBe(i % 3 === 0 ? 2 : undefined);
    });
    expect(TermCounts.of(dictionary, new Map()).get('term1')).toBeUndefined();
  });
});
