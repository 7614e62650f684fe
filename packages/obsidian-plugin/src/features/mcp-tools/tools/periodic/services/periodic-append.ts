/**
 * What appending does to a periodic note's text, as a pure transform so the same edit serves an
 * existing note (inside `editText`) and a new one (applied to the rendered template before the
 * single create). Without a heading the content goes on a new line at the end; with one, at the
 * end of that heading's section by the section engine's rules (a missing heading is created at
 * the end of the note, unless a heading of that name sits under other parents: then it fails
 * naming the full path to use).
 */
import { ToolError } from '@mcp-connector/shared';
// The engine's pure heading transform: its index exports only patchNote, which needs an
// existing file, and a new note must be created with the appended text in one write.
import { patchHeading, type PatchRequest } from '../../../services/sections/index.ts';
import { joinAppended } from '../../../services/whole-file-edits.ts';

export function appendedText(
  text: string,
  content: string,
  underHeading: string | undefined,
  path: string,
): string {
  if (underHeading === undefined) return joinAppended(text, content);
  const request: PatchRequest = {
    operation: 'append',
    targetType: 'heading',
    target: underHeading,
    content,
  };
  return patchHeading(text, request, path).text;
}

export function requireContent(content: string): void {
  if (content.trim() === '') {
    throw new ToolError('invalid_arguments', 'content is empty; give the text to append.');
  }
}
