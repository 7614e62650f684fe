/**
 * Inline constructs whose content is never metadata: code spans, math (`$x$`, `$$x$$`), raw HTML
 * (tags, comments) and autolinks, and bare URLs. Each function receives the offset of the
 * construct's first character and returns the offset just after the construct, or -1 when there
 * is none there (no closing delimiter before `to`): the characters are then plain text.
 */
import { CLOSING_TAG, OPEN_TAG } from './block-starts.ts';
import { indexOfWithin, isDigit, isWhitespace } from './characters.ts';

const HTML_TAG = new RegExp(
  `${OPEN_TAG}|${CLOSING_TAG}|<![A-Za-z][^>]*>|<!\\[CDATA\\[[\\s\\S]*?\\]\\]>`,
  'y',
);
const AUTOLINK =
  /<[A-Za-z][A-Za-z0-9+.-]{1,31}:[^\s<>]*>|<[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*>/y;

/**
 * Openers found not to close before the end of the range: a later opener of the same kind cannot
 * close either, so it is not searched for again (which keeps a paragraph of `$5 $6 ...` linear).
 */
export class Unclosed {
  readonly codeRuns = new Set<number>();
  inlineMath = false;
  displayMath = false;
  htmlComment = false;
  processingInstruction = false;
}

export function skipCodeSpan(text: string, at: number, to: number, unclosed: Unclosed): number {
  let length = 1;
  while (at + length < to && text.charCodeAt(at + length) === 96) length++;
  if (unclosed.codeRuns.has(length)) return -1;
  let from = at + length;
  for (;;) {
    const close = indexOfWithin(text, '`', from, to);
    if (close === -1) {
      unclosed.codeRuns.add(length);
      return -1;
    }
    let closeLength = 1;
    while (close + closeLength < to && text.charCodeAt(close + closeLength) === 96) closeLength++;
    if (closeLength === length) return close + closeLength;
    from = close + closeLength;
  }
}

/** `$$...$$`, or `$...$` opened before a non-space and closed after a non-space, not before a digit. */
export function skipMath(text: string, at: number, to: number, unclosed: Unclosed): number {
  if (text.charCodeAt(at + 1) === 36) {
    const close = unclosed.displayMath ? -1 : indexOfWithin(text, '$$', at + 2, to);
    unclosed.displayMath = close === -1;
    return close !== -1 ? close + 2 : -1;
  }
  if (unclosed.inlineMath || at + 1 >= to || isWhitespace(text.charCodeAt(at + 1))) return -1;
  for (let from = at + 1; ;) {
    const close = indexOfWithin(text, '$', from, to);
    if (close === -1) {
      unclosed.inlineMath = true;
      return -1;
    }
    const before = text.charCodeAt(close - 1);
    const after = text.charCodeAt(close + 1);
    if (before !== 92 && !isWhitespace(before) && !isDigit(after)) return close + 1;
    from = close + 1;
  }
}

function stickyMatchEnd(pattern: RegExp, text: string, at: number, to: number): number {
  pattern.lastIndex = at;
  return pattern.test(text) && pattern.lastIndex <= to ? pattern.lastIndex : -1;
}

/** Raw inline HTML (`<br>`, `<!-- ... -->`, `<?...?>`) and autolinks (`<https://...>`). */
export function skipAngleBracket(text: string, at: number, to: number, unclosed: Unclosed): number {
  if (text.startsWith('<!--', at)) {
    // CommonMark 0.30: the text does not start with `>` or `->` and holds no `--` before `-->`.
    if (text.startsWith('>', at + 4) || text.startsWith('->', at + 4)) return -1;
    const dashes = unclosed.htmlComment ? -1 : indexOfWithin(text, '--', at + 4, to);
    unclosed.htmlComment = dashes === -1;
    return dashes !== -1 && text.charCodeAt(dashes + 2) === 62 /* > */ ? dashes + 3 : -1;
  }
  if (text.charCodeAt(at + 1) === 63 /* ? */) {
    const close = unclosed.processingInstruction ? -1 : indexOfWithin(text, '?>', at + 2, to);
    unclosed.processingInstruction = close === -1;
    return close !== -1 ? close + 2 : -1;
  }
  const end = stickyMatchEnd(AUTOLINK, text, at, to);
  if (end !== -1) return end;
  return stickyMatchEnd(HTML_TAG, text, at, to);
}

function isSchemeChar(code: number): boolean {
  return (
    (code >= 97 && code <= 122) ||
    (code >= 65 && code <= 90) ||
    (code >= 48 && code <= 57) ||
    code === 43 ||
    code === 45 ||
    code === 46
  );
}

/** At the `:` of `scheme://`, the end of the bare URL. */
export function skipBareUrl(text: string, colon: number, from: number, to: number): number {
  if (text.charCodeAt(colon + 1) !== 47 || text.charCodeAt(colon + 2) !== 47) return -1;
  let start = colon;
  while (start > from && isSchemeChar(text.charCodeAt(start - 1))) start--;
  const first = text.charCodeAt(start);
  if (start === colon || !((first >= 97 && first <= 122) || (first >= 65 && first <= 90)))
    return -1;
  let end = colon + 3;
  for (; end < to; end++) {
    const code = text.charCodeAt(end);
    // Brackets and pipes end a URL here so that the link or table around it still closes.
    if (
      code <= 32 ||
      code === 60 ||
      code === 62 ||
      code === 34 ||
      code === 96 ||
      code === 91 ||
      code === 93 ||
      code === 124
    ) {
      break;
    }
  }
  return end;
}
