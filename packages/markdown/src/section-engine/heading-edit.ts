/**
 * Editing under a heading, as pure text transforms: append lands after the section's last
 * non-blank line (the section runs to the next heading of the same or a higher level, so it
 * includes its subheadings), prepend right after the heading (after any blank lines that follow
 * it), replace swaps the body and keeps the heading line. Blank lines that frame the body stay as
 * they were; everything outside the touched range is kept byte for byte. `insertHeadings` adds
 * a missing heading path with its content inside the deepest ancestor that exists.
 */
import type { HeadingEntry } from './heading-tree.ts';
import { blockKindAt, lineKind, separator } from './layout.ts';
import {
  contentLines,
  firstNonBlank,
  lastNonBlank,
  lineEnd,
  lineStart,
  splice,
  type NoteText,
} from './note-lines.ts';

export type EditOperation = 'append' | 'prepend' | 'replace';

/** The body's text between its first and last non-blank lines ('' for an empty section). */
export function sectionBody(note: NoteText, entry: HeadingEntry): string {
  const first = firstNonBlank(note.lines, entry.lastLine + 1, entry.nextLine);
  if (first === -1) return '';
  const last = lastNonBlank(note.lines, first, entry.nextLine);
  return note.text.slice(lineStart(note.lines, first), lineEnd(note.lines, last));
}

/** The note's text with `content` (agent text, any line endings) put under the heading. */
export function editSection(
  note: NoteText,
  entry: HeadingEntry,
  operation: EditOperation,
  content: string,
): string {
  const { text, lines, cache, eol } = note;
  const added = contentLines(content);
  const first = firstNonBlank(lines, entry.lastLine + 1, entry.nextLine);
  const headingEnd = lineEnd(lines, entry.lastLine);
  const joined = added.join(eol);
  if (first === -1) {
    return added.length === 0 ? text : splice(text, headingEnd, headingEnd, eol + joined);
  }
  const last = lastNonBlank(lines, first, entry.nextLine);
  if (operation === 'replace') {
    if (added.length === 0) return splice(text, headingEnd, lineEnd(lines, last), '');
    return splice(text, lineStart(lines, first), lineEnd(lines, last), joined);
  }
  if (operation === 'append') {
    const gap = separator(blockKindAt(cache, last), lineKind(added[0] as string), eol);
    return splice(text, lineEnd(lines, last), lineEnd(lines, last), gap + joined);
  }
  const gap = separator(
    lineKind(added[added.length - 1] as string),
    blockKindAt(cache, first),
    eol,
  );
  return splice(text, lineStart(lines, first), lineStart(lines, first), joined + gap);
}

/**
 * The level a new heading under `parent` takes: one below it; with no parent, the note's top
 * level (H1, or H2 in a note whose headings start at H2), so a new top heading never turns the
 * note's H2 roots into ambiguous sections.
 */
export function newHeadingLevel(
  entries: readonly HeadingEntry[],
  parent: HeadingEntry | null,
): number {
  if (parent !== null) return parent.level + 1;
  return entries.length === 0 ? 1 : Math.min(...entries.map((entry) => entry.level));
}

/**
 * The note's text with `headings` (texts, the first at `firstLevel`, each one deeper) and the
 * content under the last one, inside `parent`'s section (after its last non-blank line), or at
 * the end of the note when there is no parent. The caller keeps the levels at H6 or above.
 */
export function insertHeadings(
  note: NoteText,
  parent: HeadingEntry | null,
  headings: readonly string[],
  firstLevel: number,
  content: string,
): string {
  const { eol } = note;
  const lines = headings.map((text, index) => `${'#'.repeat(firstLevel + index)} ${text}`);
  const block = [lines.join(eol + eol), ...contentLines(content)].join(eol);
  const last = lastNonBlank(note.lines, parent?.line ?? 0, parent?.nextLine ?? note.lines.count);
  if (last === -1) return splice(note.text, 0, 0, note.text === '' ? block : block + eol);
  const at = lineEnd(note.lines, last);
  return splice(note.text, at, at, eol + eol + block);
}
