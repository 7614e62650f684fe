/**
 * Recognisers for the lines that open or close a block (CommonMark, GFM tables, Obsidian `%%`
 * comments and `$$` math). Each reads one line of the note, `text[at, lineEnd)`, from its first
 * non-space character, and never looks past `lineEnd`.
 */
import { indexOfWithin, isBlankRange, isDigit, isSpaceOrTab } from './characters.ts';

function runLength(text: string, at: number, lineEnd: number, code: number): number {
  let i = at;
  while (i < lineEnd && text.charCodeAt(i) === code) i++;
  return i - at;
}

/** The level of an ATX heading opened at `at`, or 0. */
export function atxHeadingLevel(text: string, at: number, lineEnd: number): number {
  const level = runLength(text, at, lineEnd, 35 /* # */);
  if (level < 1 || level > 6) return 0;
  const after = at + level;
  return after === lineEnd || isSpaceOrTab(text.charCodeAt(after)) ? level : 0;
}

/** The heading text of an ATX heading: without the markers, the closing sequence and the spaces. */
export function atxHeadingContent(
  text: string,
  at: number,
  level: number,
  lineEnd: number,
): [number, number] {
  let start = at + level;
  let end = lineEnd;
  while (start < end && isSpaceOrTab(text.charCodeAt(start))) start++;
  while (end > start && isSpaceOrTab(text.charCodeAt(end - 1))) end--;
  let closing = end;
  while (closing > start && text.charCodeAt(closing - 1) === 35) closing--;
  if (closing === start) return [start, start];
  if (closing < end && isSpaceOrTab(text.charCodeAt(closing - 1))) {
    end = closing;
    while (end > start && isSpaceOrTab(text.charCodeAt(end - 1))) end--;
  }
  return [start, end];
}

export interface Fence {
  char: number;
  length: number;
}

export function fenceAt(text: string, at: number, lineEnd: number): Fence | null {
  const char = text.charCodeAt(at);
  if (char !== 96 /* ` */ && char !== 126 /* ~ */) return null;
  const length = runLength(text, at, lineEnd, char);
  if (length < 3) return null;
  if (char === 96 && text.slice(at + length, lineEnd).includes('`')) return null;
  return { char, length };
}

export function isClosingFence(text: string, at: number, lineEnd: number, fence: Fence): boolean {
  const length = runLength(text, at, lineEnd, fence.char);
  return length >= fence.length && isBlankRange(text, at + length, lineEnd);
}

export function isThematicBreak(text: string, at: number, lineEnd: number): boolean {
  const marker = text.charCodeAt(at);
  if (marker !== 42 /* * */ && marker !== 45 /* - */ && marker !== 95 /* _ */) return false;
  let count = 0;
  for (let i = at; i < lineEnd; i++) {
    const code = text.charCodeAt(i);
    if (code === marker) count++;
    else if (!isSpaceOrTab(code)) return false;
  }
  return count >= 3;
}

/** 1 for a `===` underline, 2 for `---`, else 0. */
export function setextLevel(text: string, at: number, lineEnd: number): number {
  const marker = text.charCodeAt(at);
  if (marker !== 61 /* = */ && marker !== 45 /* - */) return 0;
  const length = runLength(text, at, lineEnd, marker);
  if (!isBlankRange(text, at + length, lineEnd)) return 0;
  return marker === 61 ? 1 : 2;
}

const BLOCK_TAG_NAMES =
  'address|article|aside|base|basefont|blockquote|body|caption|center|col|colgroup|dd|details|dialog|dir|div|dl|dt|fieldset|figcaption|figure|footer|form|frame|frameset|h[1-6]|head|header|hr|html|iframe|legend|li|link|main|menu|menuitem|nav|noframes|ol|optgroup|option|p|param|search|section|summary|table|tbody|td|tfoot|th|thead|title|tr|track|ul';
const ATTRIBUTE = `(?:\\s+[A-Za-z_:][A-Za-z0-9_.:-]*(?:\\s*=\\s*(?:[^\\s"'=<>\`]+|'[^']*'|"[^"]*"))?)`;
export const OPEN_TAG = `<[A-Za-z][A-Za-z0-9-]*${ATTRIBUTE}*\\s*/?>`;
export const CLOSING_TAG = `</[A-Za-z][A-Za-z0-9-]*\\s*>`;

const HTML_BLOCK_OPENERS: readonly RegExp[] = [
  /^<(?:script|pre|textarea|style)(?:\s|>|$)/i,
  /^<!--/,
  /^<\?/,
  /^<![A-Za-z]/,
  /^<!\[CDATA\[/,
  new RegExp(`^</?(?:${BLOCK_TAG_NAMES})(?:\\s|/?>|$)`, 'i'),
  new RegExp(`^(?:${OPEN_TAG}|${CLOSING_TAG})\\s*$`),
];
const HTML_BLOCK_CLOSERS: readonly RegExp[] = [
  /<\/(?:script|pre|textarea|style)>/i,
  /-->/,
  /\?>/,
  />/,
  /\]\]>/,
];

/** The CommonMark HTML block kind (1 to 7) opened at `at`, or 0. Kind 7 cannot interrupt a paragraph. */
export function htmlBlockKind(
  text: string,
  at: number,
  lineEnd: number,
  interruptsParagraph: boolean,
): number {
  const line = text.slice(at, lineEnd);
  const kinds = interruptsParagraph ? 6 : 7;
  for (let kind = 1; kind <= kinds; kind++)
    if (HTML_BLOCK_OPENERS[kind - 1]?.test(line)) return kind;
  return 0;
}

/** Whether a line (from `from`) ends an HTML block of kind 1 to 5. */
export function endsHtmlBlock(kind: number, text: string, from: number, lineEnd: number): boolean {
  const closer = HTML_BLOCK_CLOSERS[kind - 1];
  return closer !== undefined && closer.test(text.slice(from, lineEnd));
}

/** Cells of a table row: pipes split cells, except escaped ones; outer pipes are optional. */
export function tableCellCount(text: string, from: number, to: number): number {
  let start = from;
  let end = to;
  while (end > start && isSpaceOrTab(text.charCodeAt(end - 1))) end--;
  if (text.charCodeAt(start) === 124 /* | */) start++;
  if (end > start && text.charCodeAt(end - 1) === 124 && text.charCodeAt(end - 2) !== 92) end--;
  let cells = 1;
  for (let i = start; i < end; i++) {
    const code = text.charCodeAt(i);
    if (code === 92) i++;
    else if (code === 124) cells++;
  }
  return cells;
}

const DELIMITER_ROW = /^\|?[ \t]*:?-+:?[ \t]*(?:\|[ \t]*:?-+:?[ \t]*)*\|?[ \t]*$/;

/** The number of cells of a GFM table delimiter row (`| --- | :-: |`), or 0. */
export function tableDelimiterCells(text: string, at: number, lineEnd: number): number {
  const line = text.slice(at, lineEnd);
  if (!DELIMITER_ROW.test(line)) return 0;
  return tableCellCount(text, at, lineEnd);
}

/** The end of a `[^label]:` footnote definition opener, or -1. */
export function footnoteDefinitionEnd(text: string, at: number, lineEnd: number): number {
  if (text.charCodeAt(at + 1) !== 94 /* ^ */) return -1;
  const close = indexOfWithin(text, ']', at + 2, lineEnd);
  if (close <= at + 2 || close + 1 >= lineEnd || text.charCodeAt(close + 1) !== 58 /* : */)
    return -1;
  for (let i = at + 2; i < close; i++) {
    const code = text.charCodeAt(i);
    if (code <= 32 || code === 91) return -1;
  }
  return close + 2;
}

export interface ListMarker {
  /** The bullet character, or the ordered delimiter `.` or `)`. */
  marker: string;
  length: number;
  /** The number of an ordered item, -1 for a bullet. */
  startNumber: number;
}

/** A list marker (`-`, `*`, `+`, `1.`, `1)`) at `at`, followed by a space, a tab or the line end. */
export function listMarkerAt(text: string, at: number, lineEnd: number): ListMarker | null {
  const first = text.charCodeAt(at);
  let length = 1;
  let startNumber = -1;
  if (first !== 42 /* * */ && first !== 43 /* + */ && first !== 45 /* - */) {
    let digits = 0;
    while (digits < 9 && at + digits < lineEnd && isDigit(text.charCodeAt(at + digits))) digits++;
    const delimiter = text.charCodeAt(at + digits);
    if (digits === 0 || (delimiter !== 46 && delimiter !== 41)) return null;
    startNumber = Number(text.slice(at, at + digits));
    length = digits + 1;
  }
  const after = at + length;
  if (after < lineEnd && !isSpaceOrTab(text.charCodeAt(after))) return null;
  return { marker: text.charAt(after - 1), length, startNumber };
}
