/**
 * Creating a missing heading path with the content under it. The deepest ancestor that exists
 * keeps the new headings inside its section (after its last non-blank line); with none, they go
 * at the end of the note. New headings sit one level below their parent; a new top heading takes
 * the note's top level (H1, or H2 in a note whose headings start at H2), so creating one never
 * turns the note's H2 roots into ambiguous sections.
 */
import { ToolError } from '@mcp-connector/shared';
import { assertRootAllowed, findHeading, type HeadingTarget } from './heading-match.ts';
import type { HeadingEntry } from './heading-tree.ts';
import { contentLines, lastNonBlank, lineEnd, splice, type NoteText } from './note-lines.ts';
import type { PatchRequest } from './patch-request.ts';

export function createHeading(
  note: NoteText,
  entries: readonly HeadingEntry[],
  target: HeadingTarget,
  request: PatchRequest,
): string {
  const parent = deepestAncestor(entries, target);
  if (parent !== null)
    assertRootAllowed(parent, entries, target, request.allowRootHeadings ?? false);
  const missing = target.segments.slice(parent?.path.length ?? 0);
  const firstLevel = parent === null ? topLevel(entries) : parent.level + 1;
  if (firstLevel + missing.length - 1 > 6) {
    throw new ToolError(
      'invalid_arguments',
      `Creating "${missing.join(target.delimiter)}" would need headings deeper than H6; target a shallower path.`,
    );
  }
  const { eol } = note;
  const headings = missing.map((text, index) => `${'#'.repeat(firstLevel + index)} ${text}`);
  const block = [headings.join(eol + eol), ...contentLines(request.content)].join(eol);
  const last = lastNonBlank(note.lines, parent?.line ?? 0, parent?.nextLine ?? note.lines.count);
  if (last === -1) return splice(note.text, 0, 0, note.text === '' ? block : block + eol);
  const at = lineEnd(note.lines, last);
  return splice(note.text, at, at, eol + eol + block);
}

function deepestAncestor(
  entries: readonly HeadingEntry[],
  target: HeadingTarget,
): HeadingEntry | null {
  for (let depth = target.segments.length - 1; depth > 0; depth--) {
    const found = findHeading(entries, { ...target, segments: target.segments.slice(0, depth) });
    if (found !== null) return found;
  }
  return null;
}

function topLevel(entries: readonly HeadingEntry[]): number {
  return entries.length === 0 ? 1 : Math.min(...entries.map((entry) => entry.level));
}
