import { describe, expect, test } from 'bun:test';
import { foldCase, foldedQueryPattern } from './case-fold.ts';

describe('foldCase', () => {
  test('lower-cases ASCII and other scripts', () => {
    expect(foldCase('Hello WORLD')).toBe('hello world');
    expect(foldCase('ÄÖÜ Ωmega')).toBe('äöü ωmega');
  });

  test('keeps every character at its index, even where lower-casing would grow the text', () => {
    const text = 'İstanbul İZMİR';
    expect(foldCase(text)).toBe('istanbul izmir');
    expect(foldCase(text).length).toBe(text.length);
  });

  test('treats final and medial sigma alike, so a word folds the same wherever it ends', () => {
    expect(foldCase('ΟΣ')).toBe(foldCase('ΟΣΑ').slice(0, 2));
    expect(foldCase('οδός')).toBe('οδόσ');
  });

  test('keeps astral characters whole', () => {
    expect(foldCase('𐐀 😀 A')).toBe('𐐨 😀 a');
  });
});

describe('foldedQueryPattern', () => {
  /** Every match of the pattern in the text, as [index, length]. */
  const matches = (text: string, query: string) =>
    [...text.matchAll(foldedQueryPattern(foldCase(query)))].map((m) => [m.index, m[0].length]);
  /** Every non-overlapping occurrence of the folded query in the folded text. */
  const occurrences = (text: string, query: string) => {
    const folded = foldCase(text);
    const needle = foldCase(query);
    const found: number[][] = [];
    for (
      let at = folded.indexOf(needle);
      at !== -1;
      at = folded.indexOf(needle, at + needle.length)
    )
      found.push([at, needle.length]);
    return found;
  };

  test('finds exactly what an indexOf in the folded text finds', () => {
    const text =
      'Kelvin \u212a and k, İstanbul iİı, ΟΣ οδός σ ς, Straße STRASSE ẞ, Ω \u2126 ω, 𐐀 𐐨, a.b*c (d) [e] \\ $';
    for (const query of [
      'k',
      'KELVIN',
      'i',
      'İ',
      'ı',
      'σ',
      'Σ',
      'ς',
      'ß',
      'ẞ',
      'ω',
      '𐐀',
      'a.b*c',
      '(d)',
      '[e]',
      '\\',
      '$',
      'straße',
    ])
      expect({ query, found: matches(text, query) }).toEqual({
        query,
        found: occurrences(text, query),
      });
  });

  test('matches case-insensitively in any script', () => {
    expect(matches('Garden GARDEN garden', 'garden')).toEqual([
      [0, 6],
      [7, 6],
      [14, 6],
    ]);
    expect(matches('ÄÖÜ äöü', 'äöü')).toEqual([
      [0, 3],
      [4, 3],
    ]);
  });
});

test('no character beyond the first two planes changes when folded (the table stops there)', () => {
  const changed: number[] = [];
  for (let code = 0x20000; code <= 0x10ffff; code++) {
    const char = String.fromCodePoint(code);
    if (foldCase(char) !== char) changed.push(code);
  }
  expect(changed).toEqual([]);
});
