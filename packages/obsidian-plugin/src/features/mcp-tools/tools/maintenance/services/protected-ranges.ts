/**
 * The parts of a note a text replacement leaves alone unless asked: the frontmatter block (keys
 * and values, fences included) and code: fenced and indented code blocks (the parser's `code`
 * sections) and inline code spans. Ranges are [start, end) offsets into the note's text.
 * Code spans follow CommonMark's rule (a run of n backticks up to the next run of exactly n, no
 * backslash escape inside; an unmatched run is literal text) and never cross a section, as
 * a paragraph, list or table is where inline code lives.
 */
import { firstAtOrAfter, offsetsOf } from '@mcp-connector/markdown';
import type { SectionSpan } from '@mcp-connector/markdown/vault';

export interface Range {
  start: number;
  end: number;
}

export interface GuardOptions {
  includeFrontmatter: boolean;
  includeCode: boolean;
}

export function protectedRanges(
  text: string,
  sections: readonly SectionSpan[],
  options: GuardOptions,
): Range[] {
  const ranges: Range[] = [];
  let ticks: number[] | null = null;
  for (const section of sections) {
    const range = { start: section.start, end: section.end };
    if (section.type === 'yaml') {
      if (!options.includeFrontmatter) ranges.push(range);
    } else if (!options.includeCode) {
      if (section.type === 'code') ranges.push(range);
      else ranges.push(...codeSpans(text, range, (ticks ??= offsetsOf(text, '`'))));
    }
  }
  return ranges.sort((a, b) => a.start - b.start);
}

/** Whether a match at [start, end) touches a protected range (an empty match: lies inside one). */
export function isProtected(ranges: readonly Range[], start: number, end: number): boolean {
  return ranges.some((range) =>
    start === end
      ? range.start < start && start < range.end
      : start < range.end && end > range.start,
  );
}

/**
 * Inline code spans inside one section of the text, read from its backticks alone (most
 * sections have none): a backtick after an odd run of backslashes is escaped, as when reading
 * character by character, where a backslash takes the next character with it.
 */
export function codeSpans(
  text: string,
  within: Range,
  ticks: readonly number[] = offsetsOf(text, '`'),
): Range[] {
  const spans: Range[] = [];
  let scanned = within.start; // where reading stands: backslashes before it escape nothing
  let j = firstAtOrAfter(ticks, within.start);
  while (j < ticks.length && (ticks[j] as number) < within.end) {
    const open = ticks[j] as number;
    if (backslashesBefore(text, open, scanned) % 2 === 1) {
      scanned = open + 1;
      j++;
      continue;
    }
    const length = runLength(ticks, j, within.end);
    const close = closingRun(ticks, j + length, within.end, length);
    if (close === -1) {
      scanned = open + length;
      j += length;
    } else {
      scanned = (ticks[close] as number) + length;
      spans.push({ start: open, end: scanned });
      j = close + length;
    }
  }
  return spans;
}

/** How many backslashes come right before `at`, counting back no further than `from`. */
function backslashesBefore(text: string, at: number, from: number): number {
  let count = 0;
  while (at - count - 1 >= from && text.charCodeAt(at - count - 1) === 92 /* \ */) count++;
  return count;
}

/** How many backticks from the `j`th on stand next to each other before `end`. */
function runLength(ticks: readonly number[], j: number, end: number): number {
  const first = ticks[j] as number;
  let length = 1;
  while (j + length < ticks.length && ticks[j + length] === first + length && first + length < end)
    length++;
  return length;
}

/** The index of the first backtick of the next run of exactly `length` before `end`, or -1. */
function closingRun(ticks: readonly number[], from: number, end: number, length: number): number {
  for (let j = from; j < ticks.length && (ticks[j] as number) < end;) {
    const run = runLength(ticks, j, end);
    if (run === length) return j;
    j += run;
  }
  return -1;
}
