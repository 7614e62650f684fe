/**
 * Creating a missing heading path with the content under it: the deepest ancestor that exists
 * (an ambiguous one is refused, as is one below a missing H1 without allowRootHeadings) keeps
 * the new headings inside its section; with none, they go at the end of the note. The text
 * itself is the markdown package's `insertHeadings`, at `newHeadingLevel`.
 */
import {
  insertHeadings,
  newHeadingLevel,
  type HeadingEntry,
  type NoteText,
} from '@mcp-connector/markdown';
import { ToolError } from '@mcp-connector/shared';
import { assertRootAllowed, findHeading, type HeadingTarget } from './heading-target.ts';
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
  const firstLevel = newHeadingLevel(entries, parent);
  if (firstLevel + missing.length - 1 > 6) {
    throw new ToolError(
      'invalid_arguments',
      `Creating "${missing.join(target.delimiter)}" would need headings deeper than H6; target a shallower path.`,
    );
  }
  return insertHeadings(note, parent, missing, firstLevel, request.content);
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
