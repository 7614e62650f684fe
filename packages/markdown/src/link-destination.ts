/**
 * The tail of a CommonMark inline link, `(destination "title")`, and what Obsidian keeps of the
 * destination: external URLs (any `scheme:`) and empty destinations are not links; the rest is
 * URL-decoded (`Test%20Data/note.md` links to "Test Data/note.md"), keeping the raw text when it
 * does not decode.
 */
import { isAsciiPunctuation } from './characters.ts';

export interface LinkTail {
  destination: string;
  /** Offset just after the closing parenthesis. */
  end: number;
}

function skipWhitespace(text: string, at: number, limit: number): number {
  let i = at;
  let lineEndings = 0;
  while (i < limit) {
    const code = text.charCodeAt(i);
    if (code === 10) {
      if (++lineEndings > 1) break;
    } else if (code !== 32 && code !== 9 && code !== 13) {
      break;
    }
    i++;
  }
  return i;
}

function unescapeBackslashes(value: string): string {
  return value.includes('\\') ? value.replace(/\\([!-/:-@[-`{-~])/g, '$1') : value;
}

/** Reads `(...)` starting at the parenthesis at `at`; null when it is not a link tail. */
export function parseLinkTail(text: string, at: number, limit: number): LinkTail | null {
  let i = skipWhitespace(text, at + 1, limit);
  let destination: string;
  if (text.charCodeAt(i) === 60 /* < */) {
    let j = i + 1;
    for (; j < limit; j++) {
      const code = text.charCodeAt(j);
      if (code === 62 /* > */) break;
      if (code === 60 || code === 10) return null;
      if (code === 92) j++;
    }
    if (j >= limit) return null;
    destination = text.slice(i + 1, j);
    i = j + 1;
  } else {
    let depth = 0;
    let j = i;
    for (; j < limit; j++) {
      const code = text.charCodeAt(j);
      if (code === 92 && j + 1 < limit && isAsciiPunctuation(text.charCodeAt(j + 1))) {
        j++;
      } else if (code <= 32) {
        break;
      } else if (code === 40) {
        depth++;
      } else if (code === 41) {
        if (depth === 0) break;
        depth--;
      }
    }
    if (depth !== 0) return null;
    destination = text.slice(i, j);
    i = j;
  }
  const beforeTitle = i;
  i = skipWhitespace(text, i, limit);
  const opener = text.charCodeAt(i);
  if (i > beforeTitle && (opener === 34 || opener === 39 || opener === 40)) {
    const closer = opener === 40 ? 41 : opener;
    let j = i + 1;
    for (; j < limit && text.charCodeAt(j) !== closer; j++) if (text.charCodeAt(j) === 92) j++;
    if (j >= limit) return null;
    i = skipWhitespace(text, j + 1, limit);
  }
  if (i >= limit || text.charCodeAt(i) !== 41 /* ) */) return null;
  return { destination: unescapeBackslashes(destination), end: i + 1 };
}

const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/;

/** The link target Obsidian records for a markdown link destination, or null for none. */
export function internalLinkTarget(destination: string): string | null {
  if (destination === '' || SCHEME.test(destination)) return null;
  if (!destination.includes('%')) return destination;
  try {
    return decodeURIComponent(destination);
  } catch {
    return destination;
  }
}
