import { describe, expect, test } from 'bun:test';
import { ToolError } from '@mcp-connector/shared';
import { globMatches, regexpMatches } from './json-logic-operators.ts';

function codeOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    return error instanceof ToolError ? error.code : 'not a ToolError';
  }
  return undefined;
}

describe('glob', () => {
  test('matches vault paths with picomatch syntax, "*" staying within one folder', () => {
    expect(globMatches('Projects/**', 'Projects/A/b.md')).toBe(true);
    expect(globMatches('Projects/*.md', 'Projects/A/b.md')).toBe(false);
    expect(globMatches('*.{md,canvas}', 'board.canvas')).toBe(true);
    expect(globMatches('Daily/2024-0[1-6]-*.md', 'Daily/2024-03-15.md')).toBe(true);
  });

  test('a value that is not a string never matches; a missing pattern is invalid_query', () => {
    expect(globMatches('**', ['a.md'])).toBe(false);
    expect(globMatches('**', null)).toBe(false);
    expect(globMatches('*.md', Object('a.md'))).toBe(true); // JsonLogic boxes {"var": ""}
    expect(codeOf(() => globMatches('', 'a.md'))).toBe('invalid_query');
    expect(codeOf(() => globMatches(3, 'a.md'))).toBe('invalid_query');
  });
});

describe('regexp', () => {
  test('tests a string, with optional flags from "imsu"', () => {
    expect(regexpMatches('^status: (done|waiting)$', 'a\nstatus: done\nb', 'm')).toBe(true);
    expect(regexpMatches('^status: done$', 'a\nstatus: done\nb')).toBe(false);
    expect(regexpMatches('ALPHA', 'alpha', 'i')).toBe(true);
    expect(regexpMatches('\\p{Lu}', 'É', 'u')).toBe(true);
    expect(regexpMatches('x', 42)).toBe(false);
  });

  test('is stateless: a "g" is dropped, so the same pattern answers the same every time', () => {
    expect([1, 2, 3].map(() => regexpMatches('a', 'a', 'g'))).toEqual([true, true, true]);
  });

  test('knows lookbehind', () => {
    expect(regexpMatches('(?<=#)project', 'a #project')).toBe(true);
  });

  test('runs patterns that backtrack catastrophically in JavaScript, in linear time', () => {
    expect(regexpMatches('(a+)+$', `${'a'.repeat(50_000)}!`)).toBe(false);
    expect(regexpMatches('(x+x+)+y', `${'x'.repeat(50_000)}y`)).toBe(true);
  });

  test('refuses what RE2 cannot run (unsupported_regex), bad patterns and sticky or unknown flags', () => {
    expect(codeOf(() => regexpMatches('a(?=b)', 'ab'))).toBe('unsupported_regex');
    expect(codeOf(() => regexpMatches('(a)\\1', 'aa'))).toBe('unsupported_regex');
    expect(codeOf(() => regexpMatches('(', 'x'))).toBe('invalid_regex');
    expect(codeOf(() => regexpMatches('', 'x'))).toBe('invalid_regex');
    expect(codeOf(() => regexpMatches('a', 'a', 'y'))).toBe('invalid_regex');
    expect(codeOf(() => regexpMatches('a', 'a', 5))).toBe('invalid_regex');
    expect(codeOf(() => regexpMatches(['a'], 'a'))).toBe('invalid_regex');
  });
});
