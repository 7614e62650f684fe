/**
 * The parts of a note a text replacement leaves alone unless asked: the frontmatter block (keys
 * and values, fences included) and code: fenced and indented code blocks (the parser's `code`
 * sections) and inline code spans. Ranges are [start, end) offsets into the note's text.
 * Code spans follow CommonMark's rule (a run of n backticks up to the next run of exactly n, no
 * backslash escape inside; an unmatched run is literal text) and never cross a section, as
 * a paragraph, list or table is where inline code lives.
 */
import type { SectionCache } from 'obsidian';

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
  sections: readonly SectionCache[],
  options: GuardOptions,
): Range[] {
  const ranges: Range[] = [];
  for (const section of sections) {
    const range = { start: section.position.start.offset, end: section.position.end.offset };
    if (section.type === 'yaml') {
      if (!options.includeFrontmatter) ranges.push(range);
    } else if (!options.includeCode) {
      if (section.type === 'code') ranges.push(range);
      else ranges.push(...codeSpans(text, range));
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

/** Inline code spans inside one section of the text. */
export function codeSpans(text: string, within: Range): Range[] {
  const spans: Range[] = [];
  let i = within.start;
  while (i < within.end) {
    const char = text.charCodeAt(i);
    if (char === 92 /* \ */) {
      i += 2;
    } else if (char === 96 /* ` */) {
      const length = backtickRun(text, i, within.end);
      const close = closingRun(text, i + length, within.end, length);
      if (close !== -1) spans.push({ start: i, end: close + length });
      i = close === -1 ? i + length : close + length;
    } else {
      i++;
    }
  }
  return spans;
}

function backtickRun(text: string, from: number, to: number): number {
  let end = from;
  while (end < to && text.charCodeAt(end) === 96) end++;
  return end - from;
}

/** Start of the next run of exactly `length` backticks, or -1. */
function closingRun(text: string, from: number, to: number, length: number): number {
  let i = from;
  while (i < to) {
    if (text.charCodeAt(i) !== 96) {
      i++;
      continue;
    }
    const run = backtickRun(text, i, to);
    if (run === length) return i;
    i += run;
  }
  return -1;
}
