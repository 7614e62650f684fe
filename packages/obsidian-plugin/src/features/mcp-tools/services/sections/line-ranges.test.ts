import { describe, expect, test } from 'bun:test';
import { ToolError } from '@mcp-connector/shared';
import { readLineRange } from './line-ranges.ts';
import { LineTable } from '@mcp-connector/markdown';

const range = (text: string, start?: number, end?: number) =>
  readLineRange(new LineTable(text), start, end);

describe('line ranges', () => {
  test('are 0-based and inclusive, and keep their line endings', () => {
    expect(range('a\nb\nc\n', 1, 2)).toEqual({ startLine: 1, endLine: 2, content: 'b\nc\n' });
    expect(range('a\r\nb\r\nc', 0, 1)).toEqual({ startLine: 0, endLine: 1, content: 'a\r\nb\r\n' });
  });

  test('default to the whole note and clamp the end', () => {
    expect(range('a\nb\n')).toEqual({ startLine: 0, endLine: 1, content: 'a\nb\n' });
    expect(range('a\nb', 1, 99)).toEqual({ startLine: 1, endLine: 1, content: 'b' });
  });

  test('outside the note, or reversed, are invalid_arguments', () => {
    expect(() => range('a\nb\n', 2)).toThrow(ToolError);
    expect(() => range('a\nb\n', 1, 0)).toThrow('outside the note');
  });
});
