/**
 * Line ranges of a note: 0-based and inclusive, as the reader sees lines (a final line break does
 * not add a line). A range's text keeps its line endings, so ranges read one after another
 * concatenate back to the note.
 */
import { ToolError } from '@mcp-connector/shared';
import { lineStart, visibleLineCount, type LineTable } from './note-lines.ts';

export interface LineRange {
  startLine: number;
  endLine: number;
  content: string;
}

/** The text of lines [startLine, endLine]; the line endings inside it are kept. */
export function sliceLines(lines: LineTable, startLine: number, endLine: number): string {
  return lines.text.slice(lineStart(lines, startLine), lineStart(lines, endLine + 1));
}

/** A requested range: startLine defaults to 0, endLine to the last line (and is clamped to it). */
export function readLineRange(lines: LineTable, startLine = 0, endLine?: number): LineRange {
  const total = visibleLineCount(lines);
  const last = Math.min(endLine ?? total - 1, total - 1);
  if (total === 0) return { startLine: 0, endLine: -1, content: '' };
  if (startLine >= total || last < startLine) {
    throw new ToolError(
      'invalid_arguments',
      `Lines ${startLine}-${endLine ?? last} are outside the note, which has lines 0-${total - 1}.`,
      { startLine, endLine, totalLines: total },
    );
  }
  return { startLine, endLine: last, content: sliceLines(lines, startLine, last) };
}
