import { describe, expect, test } from 'bun:test';
import { encodeSegment, linkSubpath } from './link-subpaths.ts';

/** The link's subpath as (linkpath, style, segment values), and the text of each segment span. */
function read(original: string) {
  const text = `before ${original} after`;
  const subpath = linkSubpath(text, 7, 7 + original.length);
  if (subpath === null) return null;
  return {
    linkpath: subpath.linkpath,
    style: subpath.style as string,
    segments: subpath.segments.map((segment) => [
      segment.value,
      text.slice(segment.start, segment.end),
    ]),
  };
}

describe('linkSubpath', () => {
  test.each([
    [
      'a wikilink',
      '[[Note#A#B]]',
      'Note',
      'wikilink',
      [
        ['A', 'A'],
        ['B', 'B'],
      ],
    ],
    [
      'an embed with an alias',
      '![[Note#Old Name|alias #x]]',
      'Note',
      'wikilink',
      [['Old Name', 'Old Name']],
    ],
    ['a table-escaped alias', '[[Note#H\\|alias]]', 'Note', 'wikilink', [['H', 'H']]],
    ['a same-note link', '[[#H]]', '', 'wikilink', [['H', 'H']]],
    [
      'a markdown link with a title',
      '[t](Note.md#Old%20Name "title")',
      'Note.md',
      'url',
      [['Old Name', 'Old%20Name']],
    ],
    [
      'a markdown link in angle brackets',
      '![t](<My Note.md#Old Name>)',
      'My Note.md',
      'angle',
      [['Old Name', 'Old Name']],
    ],
    ['a markdown link with brackets in its text', '[a [b] c](x.md#H)', 'x.md', 'url', [['H', 'H']]],
    ['an image inside a link', '[![i](a.png)](x.md#H)', 'x.md', 'url', [['H', 'H']]],
    ['balanced parentheses', '[t](x(1).md#H(2))', 'x(1).md', 'url', [['H(2)', 'H(2)']]],
  ])('reads %s', (_name, original, linkpath, style, segments) => {
    expect(read(original)).toEqual({ linkpath, style, segments });
  });

  test.each([
    ['no subpath', '[[Note|alias]]'],
    ['a block subpath', '[[Note#^abc]]'],
    ['a markdown link without subpath', '[t](Note.md)'],
  ])('has none for %s', (_name, original) => {
    expect(read(original)).toBeNull();
  });
});

describe('encodeSegment', () => {
  test('writes a name the way each link style needs it', () => {
    expect(encodeSegment('wikilink', 'A (b) c')).toBe('A (b) c');
    expect(encodeSegment('url', 'A (b) c')).toBe('A%20%28b%29%20c');
    expect(encodeSegment('angle', 'A <b> c')).toBe('A %3Cb%3E c');
  });
});
