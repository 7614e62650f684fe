/**
 * Patching under a heading, as a pure text transform: append lands after the section's last
 * non-blank line (the section runs to the next heading of the same or a higher level, so it
 * includes its subheadings), prepend right after the heading (after any blank lines that follow
 * it), replace swaps the body and keeps the heading line. Blank lines that frame the body stay as
 * they were; everything outside the touched range is kept byte for byte. A missing heading is
 * created (see heading-create.ts).
 */
import { revisionOf } from '../revision.ts';
import { assertExpectedContent } from './expected-content.ts';
import { createHeading } from './heading-create.ts';
import {
  assertRootAllowed,
  findHeading,
  headingNotFound,
  parseHeadingTarget,
  similarHeadings,
  type HeadingTarget,
} from './heading-match.ts';
import { headingEntries, joinPath, type HeadingEntry } from './heading-tree.ts';
import { blockKindAt, lineKind, separator } from './layout.ts';
import {
  contentLines,
  firstNonBlank,
  lastNonBlank,
  lineEnd,
  lineStart,
  noteText,
  splice,
  type NoteText,
} from './note-lines.ts';
import type { PatchOperation, PatchOutcome, PatchRequest } from './patch-request.ts';

export function patchHeading(text: string, request: PatchRequest, path: string): PatchOutcome {
  const note = noteText(text);
  const entries = headingEntries(note.cache.headings, note.lines);
  const target = parseHeadingTarget(path, request.target, request.targetDelimiter);
  const entry = findHeading(entries, target);
  const ref = {
    path,
    target: joinPath(target.segments, target.delimiter),
    revision: revisionOf(text),
  };
  if (entry === null) {
    assertMayCreate(entries, target, request.createTargetIfMissing);
    assertExpectedContent(ref, '', request.expectedContent);
    return { text: createHeading(note, entries, target, request), created: true };
  }
  assertRootAllowed(entry, entries, target, request.allowRootHeadings ?? false);
  assertExpectedContent(ref, sectionBody(note, entry), request.expectedContent);
  const lines = contentLines(request.content);
  return { text: editSection(note, entry, request.operation, lines), created: false };
}

/** The body's text between its first and last non-blank lines ('' for an empty section). */
export function sectionBody(note: NoteText, entry: HeadingEntry): string {
  const first = firstNonBlank(note.lines, entry.lastLine + 1, entry.nextLine);
  if (first === -1) return '';
  const last = lastNonBlank(note.lines, first, entry.nextLine);
  return note.text.slice(lineStart(note.lines, first), lineEnd(note.lines, last));
}

function editSection(
  note: NoteText,
  entry: HeadingEntry,
  operation: PatchOperation,
  content: string[],
): string {
  const { text, lines, cache, eol } = note;
  const first = firstNonBlank(lines, entry.lastLine + 1, entry.nextLine);
  const headingEnd = lineEnd(lines, entry.lastLine);
  const joined = content.join(eol);
  if (first === -1) {
    return content.length === 0 ? text : splice(text, headingEnd, headingEnd, eol + joined);
  }
  const last = lastNonBlank(lines, first, entry.nextLine);
  if (operation === 'replace') {
    if (content.length === 0) return splice(text, headingEnd, lineEnd(lines, last), '');
    return splice(text, lineStart(lines, first), lineEnd(lines, last), joined);
  }
  if (operation === 'append') {
    const gap = separator(blockKindAt(cache, last), lineKind(content[0] as string), eol);
    return splice(text, lineEnd(lines, last), lineEnd(lines, last), gap + joined);
  }
  const gap = separator(
    lineKind(content[content.length - 1] as string),
    blockKindAt(cache, first),
    eol,
  );
  return splice(text, lineStart(lines, first), lineStart(lines, first), joined + gap);
}

/**
 * Creation is refused when it is off, and when it is only on by default while a heading of that
 * name exists under other parents: the agent most likely meant that one, and a duplicate section
 * at the end of the note would be a silent mistake.
 */
function assertMayCreate(
  entries: readonly HeadingEntry[],
  target: HeadingTarget,
  createTargetIfMissing: boolean | undefined,
): void {
  if (createTargetIfMissing === true) return;
  if (createTargetIfMissing === false || similarHeadings(entries, target).length > 0) {
    throw headingNotFound(entries, target);
  }
}
