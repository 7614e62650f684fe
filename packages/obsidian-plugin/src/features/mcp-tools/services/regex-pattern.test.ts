import { describe, expect, test } from 'bun:test';
import { ToolError } from '@mcp-connector/shared';
import { compilePattern, withoutLookbehind } from './regex-pattern.ts';

function failureCode(pattern: string, flags = 'g'): string {
  try {
    compilePattern(pattern, flags);
  } catch (error) {
    if (error instanceof ToolError) return error.code;
    throw error;
  }
  return 'accepted';
}

describe('compilePattern', () => {
  test('always replaces globally, with the flags asked for', () => {
    expect(compilePattern('a', '').flags).toBe('g');
    expect(compilePattern('a', 'imsu').flags).toBe('gimsu');
  });

  test.each([
    ['nested quantifiers', '(a+)+'],
    ['a starred group of a plus', '([a-z]+)*'],
    ['a quantified group holding .*', '(.*a){12}'],
    ['the classic email trap', '(\\w+\\s?)*$'],
    ['nested quantifiers inside a lookbehind', '(?<=(a+)+)b'],
  ])('refuses %s as unsafe_regex', (_name, pattern) => {
    expect(failureCode(pattern)).toBe('unsafe_regex');
  });

  test.each([
    ['a plain word', '\\bTODO\\b'],
    ['a lazy wikilink', '\\[\\[(.*?)\\]\\]'],
    ['a named group and its backreference', '(?<y>\\d{4})-\\k<y>'],
    ['a lookbehind', '(?<=#)tag'],
    ['a negative lookbehind', '(?<!\\\\)\\$'],
    ['a unicode property', '\\p{L}+'],
  ])('accepts %s', (_name, pattern) => {
    expect(failureCode(pattern, 'u')).toBe('accepted');
  });

  test.each([
    ['an unclosed group', '(a', 'g'],
    ['a lone quantifier', '*a', 'g'],
    ['an empty pattern', '', 'g'],
    ['the sticky flag', 'a', 'y'],
    ['the indices flag', 'a', 'd'],
    ['a repeated flag', 'a', 'ii'],
    ['a letter that is no flag', 'a', 'x'],
  ])('refuses %s as invalid_regex', (_name, pattern, flags) => {
    expect(failureCode(pattern, flags)).toBe('invalid_regex');
  });
});

describe('withoutLookbehind', () => {
  test('rewrites lookbehind openers only, not escaped or bracketed ones', () => {
    expect(withoutLookbehind('(?<=a)(?<!b)c')).toBe('(?:a)(?:b)c');
    expect(withoutLookbehind('\\(?<=a')).toBe('\\(?<=a');
    expect(withoutLookbehind('[(?<=]x')).toBe('[(?<=]x');
    expect(withoutLookbehind('(?<name>a)')).toBe('(?<name>a)');
  });
});
