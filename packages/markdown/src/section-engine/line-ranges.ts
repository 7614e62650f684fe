/**
 * Line ranges of a note: 0-based and inclusive, as the reader sees lines (a final line break does
 * not add a line). A range's text keeps its line endings, so ranges read one after another
 * concatenate back to the note.
 */
import { lineStart, type LineTable } from './note-lines.ts';

/** The text of lines [startLine, endLine]; the line endings inside it are kept. */
export function sliceLines(lines: LineTable, startLine: number, endLine: number): string {
  return lines.text.slice(lineStart(lines, startLine), lineStart(lines, endLine + 1));
}
