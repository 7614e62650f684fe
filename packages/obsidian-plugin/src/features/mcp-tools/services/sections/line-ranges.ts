/**
 * A requested line range of a note (get_vault_file_partial's mode "lines"): 0-based and
 * inclusive, startLine defaulting to 0 and endLine to the last line (and clamped to it). A range
 * outside the note is `invalid_arguments` naming the lines it has.
 */
import { sliceLines, visibleLineCount, type LineTable } from '@mcp-connector/markdown';
import { ToolError } from '@mcp-connector/shared';

export interface LineRange {
  startLine: number;
  endLine: number;
  content: string;
}

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
