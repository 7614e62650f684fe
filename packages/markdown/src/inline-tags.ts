/**
 * Where a `#` opens an inline tag. Obsidian reads a tag only at the start of a run of plain text:
 * at the start of the block or of a line, after whitespace (NBSP and U+3000 included), or right
 * after a markup node: an escape (`\]#a`), code, math, HTML, a link, a `[`, a table cell's `|`, a
 * blockquote `>`, a tag (`#a#b` is two tags), or an emphasis, highlight or strikethrough
 * delimiter with a partner on its line (`**#a**`, `==#a==`, `snake_case_#a`). Any other character
 * before `#` is plain text and blocks the tag: `(#a`, `.#a`, `x—#a`, `word#a`, `a *#a`.
 * These rules follow the captured fixtures and Obsidian 1.13's metadata as read back by others.
 */
import { indexOfWithin, isUnicodeWhitespace, lastIndexOfWithin } from './characters.ts';
import type { InlineFindings } from './inline-findings.ts';
import { isTagChar } from './tags.ts';

export class TagContext {
  /** Where the last markup node ended. */
  boundary: number;
  /** The current line's start, found up to `lineStartSeenTo`, and the next line break at or after it. */
  private lineStart: number;
  private lineStartSeenTo: number;
  private lineEnd = -1;

  constructor(
    readonly text: string,
    readonly from: number,
    readonly to: number,
    readonly inTableRow: boolean,
  ) {
    this.boundary = from;
    this.lineStart = from;
    this.lineStartSeenTo = from;
  }

  /** The line holding `at`. Positions only grow, so each line break is looked for once. */
  lineAround(at: number): [number, number] {
    const lastBreak = lastIndexOfWithin(this.text, '\n', this.lineStartSeenTo, at);
    if (lastBreak !== -1) this.lineStart = lastBreak + 1;
    this.lineStartSeenTo = at;
    if (this.lineEnd < at) {
      const nextBreak = indexOfWithin(this.text, '\n', at, this.to);
      this.lineEnd = nextBreak === -1 ? this.to : nextBreak;
    }
    return [this.lineStart, this.lineEnd];
  }
}

export function opensTag(at: number, context: TagContext): boolean {
  const text = context.text;
  if (at === context.from || at === context.boundary) return true;
  const previous = text.charCodeAt(at - 1);
  if (isUnicodeWhitespace(previous)) return true;
  if (previous === 124 /* | */) return context.inTableRow;
  if (previous === 62 /* > */) return isQuoteMarker(text, at - 1, context.from);
  return followsPartneredDelimiter(text, at, previous, context);
}

/** A `>` preceded on its line only by other `>` and spaces: a blockquote marker. */
function isQuoteMarker(text: string, marker: number, from: number): boolean {
  for (let i = marker - 1; i >= from; i--) {
    const code = text.charCodeAt(i);
    if (code === 10) return true;
    if (code !== 62 && code !== 32 && code !== 9) return false;
  }
  return true;
}

/** `*`, `_`, `==` or `~~` right before `#`, with the same delimiter elsewhere on the line. */
function followsPartneredDelimiter(
  text: string,
  at: number,
  delimiter: number,
  context: TagContext,
): boolean {
  if (delimiter !== 42 && delimiter !== 95 && delimiter !== 61 && delimiter !== 126) return false;
  const [lineStart, lineEnd] = context.lineAround(at);
  let runStart = at - 1;
  while (runStart > lineStart && text.charCodeAt(runStart - 1) === delimiter) runStart--;
  const needle = String.fromCharCode(delimiter).repeat(
    delimiter === 61 || delimiter === 126 ? 2 : 1,
  );
  if (at - runStart < needle.length) return false;
  return (
    indexOfWithin(text, needle, lineStart, runStart) !== -1 ||
    indexOfWithin(text, needle, at, lineEnd) !== -1
  );
}

/** Records the tag at `at` (a `#` that opens one); returns its end, or -1 if it is no tag. */
export function scanTag(text: string, at: number, to: number, found: InlineFindings): number {
  let end = at + 1;
  let hasNonDigit = false;
  for (; end < to; end++) {
    const code = text.charCodeAt(end);
    if (!isTagChar(code)) break;
    if (code < 48 || code > 57) hasNonDigit = true;
  }
  if (!hasNonDigit) return -1;
  found.tags.push({ start: at, end, tag: text.slice(at, end) });
  return end;
}
