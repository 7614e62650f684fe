import { describe, expect, test } from 'bun:test';
import { parseMetadata } from '../parse-metadata.ts';
import { headingChain, headingKey, headingLinkText } from './heading-names.ts';

describe('heading names as links compare and write them', () => {
  test.each([
    ['case', 'My Heading', 'my heading'],
    ['punctuation', 'What? (Really!)', 'what really'],
    ['whitespace runs and ends', '  a \t b  ', 'a b'],
    ['link syntax', 'See [[Other|x]]', 'see other x'],
    ['dashes, underscores and quotes kept', "it's a-b_c", "it's a-b_c"],
    ['decomposed accents', 'Cafe\u0301', 'café'],
  ])('headingKey ignores %s', (_name, text, key) => {
    expect(headingKey(text)).toBe(key);
  });

  test('headingLinkText drops what a link cannot hold and still matches the heading', () => {
    const heading = 'New (section): *emphasis* | # reserved ^ text [[x]] %%c%%';
    const linkText = headingLinkText(heading);
    expect(linkText).toBe('New (section) *emphasis* reserved text x c');
    expect(headingKey(linkText)).toBe(headingKey(heading));
  });
});

describe('headingChain', () => {
  const { headings = [] } = parseMetadata(
    ['# A', '## Dup', '### Deep', '# B', '## Dup', '### Deep', '## Other'].join('\n'),
  );

  test('a single name reaches the first heading with it', () => {
    expect(headingChain(headings, ['dup'])).toEqual([1]);
  });

  test('each segment must come later and deeper than the one before', () => {
    expect(headingChain(headings, ['B', 'Dup', 'Deep'])).toEqual([3, 4, 5]);
    expect(headingChain(headings, ['A', 'Deep'])).toEqual([0, 2]);
    expect(headingChain(headings, ['Deep', 'Dup'])).toEqual([2]);
  });

  test('the chain stops at the first segment that matches nothing', () => {
    expect(headingChain(headings, ['A', 'Missing', 'Deep'])).toEqual([0]);
    expect(headingChain(headings, ['Missing'])).toEqual([]);
  });
});
