/**
 * The `expectedContent` precondition of a patch (append, prepend or replace): the agent's idea of
 * the target's current text, compared with whitespace normalised (runs of whitespace are one
 * space, ends trimmed), so re-wrapped lines or CRLF do not count as a change but any word does.
 * A mismatch carries the current text (capped) and revision, so the agent can redo its edit
 * without another read.
 */
import { ToolError } from '@mcp-connector/shared';
import { capText } from '../text-cap.ts';

const DETAIL_CAP_BYTES = 4 * 1024;

export interface TargetRef {
  path: string;
  target: string;
  /** Revision of the note's text the target was read from. */
  revision: string;
}

export function sameText(a: string, b: string): boolean {
  return normalizeWhitespace(a) === normalizeWhitespace(b);
}

export function assertExpectedContent(
  ref: TargetRef,
  current: string,
  expected: string | undefined,
  matches: (current: string, expected: string) => boolean = sameText,
): void {
  if (expected === undefined || matches(current, expected)) return;
  const capped = capText(current, DETAIL_CAP_BYTES);
  throw new ToolError(
    'precondition_failed',
    `"${ref.target}" in ${ref.path} no longer holds expectedContent (details.currentContent has its text); redo the edit on it.`,
    {
      path: ref.path,
      target: ref.target,
      currentRevision: ref.revision,
      currentContent: capped.text,
      ...(capped.truncated ? { currentContentTruncated: true } : {}),
    },
  );
}

function normalizeWhitespace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
