import { describe, expect, test } from 'bun:test';
import { foldCase } from './case-fold.ts';

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
