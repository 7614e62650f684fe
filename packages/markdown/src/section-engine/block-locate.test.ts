import { describe, expect, test } from 'bun:test';
import { parseMetadata } from '../parse-metadata.ts';
import { findBlock } from './block-locate.ts';
import { LineTable } from './note-lines.ts';

const locate = (text: string, id: string) =>
  findBlock(parseMetadata(text), new LineTable(text), id);

describe('locating a block', () => {
  test('a list item covers its nested items in lastLine, and knows its indentation', () => {
    const text = '- a\n  - b ^b\n    - c\n      - d\n  - e\n';
    expect(locate(text, 'b')).toMatchObject({
      startLine: 1,
      endLine: 1,
      lastLine: 3,
      listItem: true,
      indent: '  ',
    });
  });

  test('an item in a quote keeps the quote marker as its indentation', () => {
    expect(locate('> - quoted ^q\n', 'q')).toMatchObject({ listItem: true, indent: '> ' });
  });

  test('a paragraph spans its lines; an unknown id is null', () => {
    const text = 'one\ntwo ^p\n';
    expect(locate(text, 'p')).toMatchObject({ start: 0, end: 10, endLine: 1, listItem: false });
    expect(locate(text, 'zz')).toBeNull();
  });
});
