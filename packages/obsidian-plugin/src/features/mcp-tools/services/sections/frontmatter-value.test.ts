import { describe, expect, test } from 'bun:test';
import { combineValue, parseValue, valueText } from './frontmatter-value.ts';

describe('content as a frontmatter value', () => {
  test.each([
    ['["a","b"]', ['a', 'b']],
    ['3', 3],
    ['true', true],
    ['null', null],
    ['"quoted"', 'quoted'],
    ['plain text', 'plain text'],
    ['2024-01-31', '2024-01-31'],
  ])('%p parses to %p', (content, value) => {
    expect(parseValue(content)).toEqual(value);
  });
});

describe('combining values', () => {
  test('replace sets, and a missing or null key takes the value', () => {
    expect(combineValue('replace', ['a'], 'b')).toBe('b');
    expect(combineValue('append', undefined, 'b')).toBe('b');
    expect(combineValue('prepend', null, ['b'])).toEqual(['b']);
  });

  test('append and prepend add to a list, item by item', () => {
    expect(combineValue('append', ['a'], 'b')).toEqual(['a', 'b']);
    expect(combineValue('append', ['a'], ['b', 'c'])).toEqual(['a', 'b', 'c']);
    expect(combineValue('prepend', ['a'], ['b', 'c'])).toEqual(['b', 'c', 'a']);
  });

  test('a scalar becomes a list, two strings are joined', () => {
    expect(combineValue('append', 3, 4)).toEqual([3, 4]);
    expect(combineValue('append', 'draft', ['x'])).toEqual(['draft', 'x']);
    expect(combineValue('append', 'ab', 'cd')).toBe('abcd');
    expect(combineValue('prepend', 'ab', 'cd')).toBe('cdab');
  });

  test('mappings merge with an object, and refuse anything else', () => {
    expect(combineValue('append', { a: 1, b: 2 }, { b: 3, c: 4 })).toEqual({ a: 1, b: 3, c: 4 });
    expect(Object.keys(combineValue('prepend', { a: 1 }, { c: 4 }) as object)).toEqual(['c', 'a']);
    expect(() => combineValue('append', { a: 1 }, 'x')).toThrow('merge');
  });

  test('values as text, for expectedContent', () => {
    expect(valueText('x')).toBe('x');
    expect(valueText(['a', 1])).toBe('["a",1]');
    expect(valueText(undefined)).toBe('');
  });
});
