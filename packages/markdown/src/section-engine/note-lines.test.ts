import { describe, expect, test } from 'bun:test';
import { sliceLines } from './line-ranges.ts';
import { LineTable, contentLines, eolOf, visibleLineCount } from './note-lines.ts';

describe('note lines', () => {
  test('a final line break does not add a visible line', () => {
    expect(visibleLineCount(new LineTable(''))).toBe(0);
    expect(visibleLineCount(new LineTable('a'))).toBe(1);
    expect(visibleLineCount(new LineTable('a\n'))).toBe(1);
    expect(visibleLineCount(new LineTable('a\n\n'))).toBe(2);
  });

  test('the line ending is judged by the first line break', () => {
    expect(eolOf('a\r\nb\n')).toBe('\r\n');
    expect(eolOf('a\nb\r\n')).toBe('\n');
    expect(eolOf('a')).toBe('\n');
  });

  test('content loses the blank lines around it and any CR', () => {
    expect(contentLines('\r\n\r\n  x\r\n\r\ny  \n \n')).toEqual(['  x', '', 'y  ']);
    expect(contentLines(' \n ')).toEqual([]);
  });
});

describe('sliced lines', () => {
  test('keep their line endings, so consecutive slices concatenate back to the note', () => {
    const lines = new LineTable('a\r\nb\nc');
    expect(sliceLines(lines, 0, 0)).toBe('a\r\n');
    expect(sliceLines(lines, 1, 2)).toBe('b\nc');
    expect(sliceLines(lines, 0, 0) + sliceLines(lines, 1, 2)).toBe(lines.text);
  });
});
