/**
 * Patching under a heading: the target resolved (heading-target.ts), the preconditions checked
 * (`expectedContent` against the section's body), then the markdown package's `editSection`,
 * which keeps everything outside the touched range byte for byte. A missing heading is created
 * (heading-create.ts) unless creation is off, or only on by default while a similar heading
 * exists.
 */
import {
  editSection,
  headingEntries,
  joinPath,
  noteText,
  sectionBody,
  similarHeadings,
  type HeadingEntry,
} from '@mcp-connector/markdown';
import { revisionOf } from '../revision.ts';
import { assertExpectedContent } from './expected-content.ts';
import { createHeading } from './heading-create.ts';
import {
  assertRootAllowed,
  findHeading,
  headingNotFound,
  parseHeadingTarget,
  type HeadingTarget,
} from './heading-target.ts';
import type { PatchOutcome, PatchRequest } from './patch-request.ts';

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
  return { text: editSection(note, entry, request.operation, request.content), created: false };
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
