/**
 * Character classes (on UTF-16 code units) and searches bounded to a range: `indexOf` cannot stop
 * early, and searching to the end of a note from every line or bracket would make parsing
 * quadratic on a note with an unclosed comment, math block or link.
 */

export function isSpaceOrTab(code: number): boolean {
  return code === 32 || code === 9;
}

/** Space, tab or a line ending. */
export function isWhitespace(code: number): boolean {
  return code === 32 || code === 9 || code === 10 || code === 13;
}

/** JavaScript's `\s`: ASCII whitespace and the Unicode spaces (NBSP, U+3000, ...). */
export function isUnicodeWhitespace(code: number): boolean {
  if (code < 128) return code === 32 || (code >= 9 && code <= 13);
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

export function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

/** The characters CommonMark lets a backslash escape. */
export function isAsciiPunctuation(code: number): boolean {
  return (
    (code >= 33 && code <= 47) ||
    (code >= 58 && code <= 64) ||
    (code >= 91 && code <= 96) ||
    (code >= 123 && code <= 126)
  );
}

export function isBlankRange(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (!isSpaceOrTab(text.charCodeAt(i))) return false;
  return true;
}

export function indexOfWithin(text: string, needle: string, from: number, to: number): number {
  const first = needle.charCodeAt(0);
  const last = to - needle.length;
  for (let i = from; i <= last; i++) {
    if (text.charCodeAt(i) === first && (needle.length === 1 || text.startsWith(needle, i)))
      return i;
  }
  return -1;
}

/** Every offset of `char` in the text, in order: the native search, once a text. */
export function offsetsOf(text: string, char: string): number[] {
  const offsets: number[] = [];
  for (let at = text.indexOf(char); at !== -1; at = text.indexOf(char, at + 1)) offsets.push(at);
  return offsets;
}

/** The index in ascending `offsets` of the first one at or after `offset` (its length if none). */
export function firstAtOrAfter(offsets: readonly number[], offset: number): number {
  let low = 0;
  let high = offsets.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((offsets[middle] as number) < offset) low = middle + 1;
    else high = middle;
  }
  return low;
}

export function lastIndexOfWithin(text: string, char: string, from: number, to: number): number {
  const code = char.charCodeAt(0);
  for (let i = to - 1; i >= from; i--) if (text.charCodeAt(i) === code) return i;
  return -1;
}
