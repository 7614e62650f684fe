/**
 * One left-to-right pass over the inline text of a block that records Obsidian's inline metadata:
 * wikilinks and embeds (`[[a|b]]`, `![[a]]`), markdown links and images to local files, tags and
 * footnote references. Code spans, math, raw HTML and autolinks are skipped whole, so nothing in
 * them is metadata; a backslash escape makes the next character plain text. `%%comments%%` are
 * scanned like text: Obsidian indexes the tags and links inside them. Every markup node moves
 * the boundary where a `#` may open a tag without a space before it (see inline-tags.ts).
 */
import { isAsciiPunctuation } from './characters.ts';
import { BracketStack, closeBracket, scanFootnoteRef, scanWikilink } from './bracket-links.ts';
import type { InlineFindings } from './inline-findings.ts';
import { Unclosed, skipAngleBracket, skipBareUrl, skipCodeSpan, skipMath } from './inline-skips.ts';
import { TagContext, opensTag, scanTag } from './inline-tags.ts';

const SPECIAL = new Uint8Array(128);
for (const char of '\\`$<![]#:%') SPECIAL[char.charCodeAt(0)] = 1;

/** Scans `text[from, to)`; in a table row, a cell's `|` starts plain text like a line start. */
export function scanInline(
  text: string,
  from: number,
  to: number,
  found: InlineFindings,
  inTableRow = false,
): void {
  const context = new TagContext(text, from, to, inTableRow);
  let brackets: BracketStack | null = null;
  let unclosed: Unclosed | null = null;
  let i = from;
  while (i < to) {
    const code = text.charCodeAt(i);
    if (code >= 128 || SPECIAL[code] === 0) {
      i++;
      continue;
    }
    // The end of the markup node that starts here; -1 when it is plain text up to `plainEnd`.
    let end = -1;
    let plainEnd = i + 1;
    switch (code) {
      case 92 /* \ */:
        if (i + 1 < to && isAsciiPunctuation(text.charCodeAt(i + 1))) end = i + 2;
        break;
      case 96 /* ` */:
        end = skipCodeSpan(text, i, to, (unclosed ??= new Unclosed()));
        if (end === -1) plainEnd = runEnd(text, i, to);
        break;
      case 36 /* $ */:
        end = skipMath(text, i, to, (unclosed ??= new Unclosed()));
        if (end === -1 && text.charCodeAt(i + 1) === 36) plainEnd = i + 2;
        break;
      case 60 /* < */:
        end = skipAngleBracket(text, i, to, (unclosed ??= new Unclosed()));
        break;
      case 58 /* : */:
        end = skipBareUrl(text, i, from, to);
        break;
      case 37 /* % */:
        if (text.charCodeAt(i + 1) === 37) end = i + 2;
        break;
      case 35 /* # */:
        if (opensTag(i, context)) end = scanTag(text, i, to, found);
        break;
      case 33 /* ! */:
        if (text.charCodeAt(i + 1) !== 91) break;
        if (text.charCodeAt(i + 2) === 91) end = scanWikilink(text, i, i + 1, to, found.embeds);
        if (end === -1) {
          (brackets ??= new BracketStack()).push(i, true);
          end = i + 2;
        }
        break;
      case 91 /* [ */: {
        const next = text.charCodeAt(i + 1);
        if (next === 91) end = scanWikilink(text, i, i, to, found.links);
        else if (next === 94) end = scanFootnoteRef(text, i, to, found);
        if (end === -1) {
          (brackets ??= new BracketStack()).push(i, false);
          end = i + 1;
        }
        break;
      }
      case 93 /* ] */:
        if (brackets !== null && !brackets.isEmpty)
          end = closeBracket(text, i, to, brackets, found);
        break;
    }
    if (end === -1) {
      i = plainEnd;
    } else {
      i = end;
      context.boundary = end;
    }
  }
}

/** The end of the run of the character at `at`. */
function runEnd(text: string, at: number, to: number): number {
  const code = text.charCodeAt(at);
  let end = at + 1;
  while (end < to && text.charCodeAt(end) === code) end++;
  return end;
}
