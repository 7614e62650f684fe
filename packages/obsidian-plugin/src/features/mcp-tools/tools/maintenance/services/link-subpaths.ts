/**
 * Where a link's heading subpath is written: the linkpath and each `#` segment of one wikilink
 * (`[[note#A#B|alias]]`, `![[...]]`, a table's `[[note#A\|alias]]`) or markdown link
 * (`[text](note.md#A%20B "title")`, `[text](<note.md#A B>)`), as spans of the text, so one
 * segment can be rewritten with everything else kept as written. Segment values are decoded as
 * the metadata cache decodes them (markdown destinations are URL-decoded).
 * A block subpath (`#^id`) has no heading segments: null.
 */

export type SegmentStyle = 'wikilink' | 'url' | 'angle';

export interface Segment {
  start: number;
  end: number;
  value: string;
}

export interface LinkSubpath {
  linkpath: string;
  style: SegmentStyle;
  segments: Segment[];
}

/** The subpath of the link written at [start, end) of `text` (a wikilink or a markdown link). */
export function linkSubpath(text: string, start: number, end: number): LinkSubpath | null {
  const original = text.slice(start, end);
  const bracket = original.startsWith('!') ? 1 : 0;
  return original.startsWith('[[', bracket)
    ? wikilinkSubpath(text, start + bracket + 2, end - 2)
    : markdownSubpath(text, start, original);
}

/** The wikilink content at [from, to): its target ends at the first `|` after its first character. */
export function wikilinkSubpath(text: string, from: number, to: number): LinkSubpath | null {
  const content = text.slice(from, to);
  const bar = content.indexOf('|', 1);
  const escaped = bar > 1 && content.charCodeAt(bar - 1) === 92;
  const targetEnd = bar === -1 ? content.length : escaped ? bar - 1 : bar;
  return splitSegments(text, from, from + targetEnd, 'wikilink');
}

function markdownSubpath(text: string, start: number, original: string): LinkSubpath | null {
  for (
    let close = original.indexOf('](');
    close !== -1;
    close = original.indexOf('](', close + 1)
  ) {
    const destination = destinationAt(original, close + 2);
    if (destination === null) continue;
    const style = destination.angle ? 'angle' : 'url';
    return splitSegments(text, start + destination.start, start + destination.end, style);
  }
  return null;
}

function splitSegments(text: string, from: number, to: number, style: SegmentStyle) {
  const raw = text.slice(from, to);
  const hash = raw.indexOf('#');
  if (hash === -1) return null;
  const decode = style === 'wikilink' ? (value: string) => value : decodeSegment;
  const segments: Segment[] = [];
  let segmentStart = from + hash + 1;
  for (const part of raw.slice(hash + 1).split('#')) {
    segments.push({ start: segmentStart, end: segmentStart + part.length, value: decode(part) });
    segmentStart += part.length + 1;
  }
  if (segments[0]?.value.startsWith('^')) return null;
  return { linkpath: decode(raw.slice(0, hash)), style, segments };
}

function decodeSegment(value: string): string {
  if (!value.includes('%')) return value;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

const LINK_TAIL =
  /^[ \t]*(?:\r?\n[ \t]*)?(?:"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|\((?:[^()\\]|\\.)*\))?[ \t]*(?:\r?\n[ \t]*)?\)$/s;

/**
 * The destination after `(` at `from` when the rest of `original` is a valid link tail
 * (destination, optional title, `)`): `<...>` or a bare run with balanced parentheses.
 */
function destinationAt(original: string, from: number) {
  let start = from;
  while (' \t\r\n'.includes(original.charAt(start)) && start < original.length) start++;
  const angle = original.charAt(start) === '<';
  if (angle) start++;
  let end = start;
  let depth = 0;
  for (; end < original.length; end++) {
    const char = original.charAt(end);
    if (char === '\\') end++;
    else if (angle ? char === '>' : char <= ' ') break;
    else if (!angle && char === '(') depth++;
    else if (!angle && char === ')' && depth-- === 0) break;
  }
  const tail = original.slice(angle ? end + 1 : end);
  return LINK_TAIL.test(tail) ? { start, end, angle } : null;
}

/** The text a renamed heading takes in a segment of this style. */
export function encodeSegment(style: SegmentStyle, linkText: string): string {
  if (style === 'wikilink') return linkText;
  const percent = (char: string) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`;
  if (style === 'angle') return linkText.replace(/[<>]/g, percent);
  return encodeURI(linkText).replace(/[()]/g, percent);
}
