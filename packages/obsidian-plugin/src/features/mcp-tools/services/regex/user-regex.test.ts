import { describe, expect, test } from 'bun:test';
import { ToolError } from '@mcp-connector/shared';
import { RegexBudget } from './regex-budget.ts';
import { compilePattern } from './user-regex.ts';

function failureCode(pattern: string, flags = 'g'): string {
  try {
    compilePattern(pattern, flags);
  } catch (error) {
    if (error instanceof ToolError) return error.code;
    throw error;
  }
  return 'accepted';
}

function matchesOf(pattern: string, text: string, flags = 'g'): [string, number][] {
  return compilePattern(pattern, flags)
    .matches(text, new RegexBudget())
    .map((match) => [match.text, match.offset]);
}

describe('compilePattern', () => {
  test.each([
    ['a plain word', '\\bTODO\\b'],
    ['a lazy wikilink', '\\[\\[(.*?)\\]\\]'],
    ['a lookbehind', '(?<=#)tag'],
    ['a negative lookbehind', '(?<!\\\\)\\$'],
    ['a unicode property', '\\p{L}+'],
    ['nested quantifiers, harmless in RE2', '(a+)+'],
    ['a \\u escape', '\\u00e9'],
    ['a braced code point', '\\u{1F600}'],
  ])('accepts %s', (_name, pattern) => {
    expect(failureCode(pattern, 'u')).toBe('accepted');
  });

  test.each([
    ['a lookahead', 'a(?=b)'],
    ['a negative lookahead', 'a(?!b)'],
    ['a backreference', '(a)\\1'],
    ['a named backreference', '(?<y>\\d{4})-\\k<y>'],
    ['a capture inside a lookbehind', '(?<=(a))b'],
    ['a repeat count over 1000', 'a{1001}'],
  ])('refuses %s as unsupported_regex', (_name, pattern) => {
    expect(failureCode(pattern)).toBe('unsupported_regex');
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

describe('matches mean what JavaScript means', () => {
  test.each([
    ['\\s with a no-break space', '\\s', 'a\u00a0b\u2003c', 'g'],
    ['\\S', '\\S+', 'a\u00a0bc', 'g'],
    ['. stops at \\r and U+2028', '.+', 'ab\r\ncd\u2028e', 'g'],
    ['. with s crosses lines', '.+', 'ab\r\ncd', 'gs'],
    ['[^] is any character', 'a[^]b', 'a\nb', 'g'],
    ['\\u escapes', '\\u00e9+', 'cafééé', 'g'],
    ['case folding', 'straße', 'STRASSE Straße', 'gi'],
    ['multiline anchors', '^\\w', 'one\ntwo', 'gm'],
    ['empty matches', 'x*', 'axxb', 'g'],
    ['offsets after an astral character', 'b', '😀ab', 'gu'],
    ['a lookbehind', '(?<=#)\\w+', 'a #tag #more', 'g'],
  ])('%s', (_name, pattern, text, flags) => {
    const expected = [...text.matchAll(new RegExp(pattern, flags))].map(
      (match): [string, number] => [match[0], match.index],
    );
    expect(matchesOf(pattern, text, flags)).toEqual(expected);
  });
});

describe('plain-text patterns', () => {
  const texts = [
    'no such word here',
    'Kelvin: 3 \u212Aelvin, KELVIN and kelvin', // U+212A KELVIN SIGN folds to k
    '\u017Fea, SEA and sea', // U+017F LONG S folds to s
    'only \u212Aelvin',
    'only \u017Fea',
    'a/b-c, a/b-c and A/B-C',
    'aaaaa: overlapping candidates, caf\u00e9 and CAF\u00c9',
    'pairs \ud83d\ude00\ud83d\ude00, and a lone \ud83d here',
    'dotted \u0130stanbul, dotless \u0131, plain i and I', // neither Turkish i folds to i
    '',
  ];
  test.each([
    ['kelvin', 'gi'],
    ['kelvin', 'g'],
    ['sea', 'giu'],
    ['a/b-c', 'gi'],
    ['a/b-c', ''],
    ['aa', 'g'], // found natively: each search goes on after the last match
    ['AA', 'gi'],
    ['i', 'gi'],
    ['caf\u00e9', 'mu'],
    ['\ud83d\ude00', 'g'], // a surrogate pair: re2js alone
    ['\ud83d', ''], // half of one: re2js, which reads code points, finds only the lone one
    ['3 \u212Aelvin', 'gi'], // not ASCII: re2js alone
  ])('%s (%s) matches as the same pattern with syntax in it', (pattern, flags) => {
    for (const text of texts)
      expect(matchesOf(pattern, text, flags)).toEqual(matchesOf(`(?:${pattern})`, text, flags));
  });

  test('a text without the pattern is passed over before re2js runs', () => {
    const spent = new RegexBudget(0); // re2js may not run at all
    expect(compilePattern('zebra', 'gi').test('no stripes here', spent)).toBe(false);
    expect(compilePattern('zebra', 'gi').matches('no stripes here', spent)).toEqual([]);
    expect(() => compilePattern('zebr(a)', 'gi').test('no stripes here', spent)).toThrow('budget');
  });

  test('a plain-text pattern the native search reads as RE2 does never runs re2js', () => {
    const spent = new RegexBudget(0);
    const regex = compilePattern('zebra', 'g');
    expect(regex.test('a zebra', spent)).toBe(true);
    expect(regex.matches('zebra, zebra', spent)).toEqual([
      { text: 'zebra', offset: 0, captures: [], groups: undefined },
      { text: 'zebra', offset: 7, captures: [], groups: undefined },
    ]);
    expect(compilePattern('zebra', 'gi').matches('a ZEBRA', spent)).toEqual([
      { text: 'ZEBRA', offset: 2, captures: [], groups: undefined },
    ]);
    expect(() => compilePattern('z\u00e8bra', 'gi').test('a z\u00e8bra', spent)).toThrow('budget');
    expect(() => compilePattern('\ud83d', '').test('\ud83d', spent)).toThrow('budget');
  });
});

describe('RegexBudget', () => {
  test('a linear but slow match stops at the deadline with regex_timeout', () => {
    const text = 'lorem ipsum dolor sit amet '.repeat(20_000);
    const regex = compilePattern('(?:\\b\\w+\\b\\s*){0,1000}\\d', '');
    const budget = new RegexBudget(200);
    let code = 'no error';
    try {
      regex.test(text, budget);
    } catch (error) {
      code = error instanceof ToolError ? error.code : String(error);
    }
    // Only the deadline throws regex_timeout; how soon after it is the machine's load, not a fact.
    expect(code).toBe('regex_timeout');
    expect(() => regex.test('short 1', budget)).toThrow('budget');
  });

  test('each note gets the whole budget, and a timeout names the note it ran out on', () => {
    const budget = new RegexBudget(250);
    const regex = compilePattern('(?:\\b\\w+\\b\\s*){0,1000}\\d', '');
    const text = 'lorem ipsum '.repeat(50); // a few ms a note: all the notes are far over 250 ms
    const start = Date.now();
    for (let note = 0; Date.now() - start < 750; note++) {
      budget.forNote(`n${note}.md`);
      regex.test(text, budget);
    }
    budget.forNote('Large/prose.md');
    let failure: ToolError | null = null;
    try {
      regex.test(text.repeat(100), budget);
    } catch (error) {
      failure = error as ToolError;
    }
    expect(failure?.code).toBe('regex_timeout');
    expect(failure?.message).toContain('Large/prose.md');
    expect(failure?.details).toEqual({ budgetMs: 250, path: 'Large/prose.md' });
  });

  test('the budget is shared by every call it is handed to', () => {
    const budget = new RegexBudget(50);
    const regex = compilePattern('(?:\\b\\w+\\b\\s*){0,1000}\\d', '');
    const text = 'lorem ipsum '.repeat(5_000);
    let calls = 0;
    try {
      for (; calls < 1000; calls++) regex.test(text, budget);
    } catch (error) {
      expect((error as ToolError).code).toBe('regex_timeout');
    }
    expect(calls).toBeLessThan(1000);
  });
});
