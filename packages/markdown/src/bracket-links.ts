/**
 * The bracket constructs of inline text: wikilinks and embeds (`[[a|b]]`, `![[a]]`, on one line
 * and not empty), footnote references (`[^id]`) and markdown links and images, which follow
 * CommonMark's bracket rules: `]` closes the nearest `[` or `![`, and a link deactivates every `[`
 * before it (no links in links); an image's alt text holds no tags. Each scanner returns the
 * offset after what it recorded, or -1.
 */
import type { FoundReference, InlineFindings } from './inline-findings.ts';
import { internalLinkTarget, parseLinkTail } from './link-destination.ts';
import { splitWikilink } from './wikilink.ts';

interface BracketOpener {
  at: number;
  image: boolean;
}

/** `[` and `![` awaiting their `]`. A link deactivates every `[` before it: no links in links. */
export class BracketStack {
  private readonly openers: BracketOpener[] = [];
  /** Plain `[` openers below this index can no longer open a link. */
  private activeFrom = 0;

  get isEmpty(): boolean {
    return this.openers.length === 0;
  }

  push(at: number, image: boolean): void {
    this.openers.push({ at, image });
  }

  /** Removes the nearest opener; returns it if it may still open a link or image. */
  pop(): BracketOpener | null {
    const opener = this.openers.pop();
    if (opener === undefined) return null;
    const active = opener.image || this.openers.length >= this.activeFrom;
    if (this.activeFrom > this.openers.length) this.activeFrom = this.openers.length;
    return active ? opener : null;
  }

  linkFormed(): void {
    this.activeFrom = this.openers.length;
  }
}

/** `[[...]]` (from `bracket`) on one line, not empty; `start` is the `!` of an embed. */
export function scanWikilink(
  text: string,
  start: number,
  bracket: number,
  to: number,
  into: FoundReference[],
): number {
  const contentStart = bracket + 2;
  const close = wikilinkClose(text, contentStart, to);
  if (close === -1 || close === contentStart) return -1;
  const end = close + 2;
  const { link, displayText } = splitWikilink(text.slice(contentStart, close));
  into.push({ start, end, link, displayText, original: text.slice(start, end) });
  return end;
}

/** The `]]` closing a wikilink on the same line, before any other `[[`; -1 if none. */
function wikilinkClose(text: string, from: number, to: number): number {
  for (let i = from; i + 1 < to; i++) {
    const code = text.charCodeAt(i);
    if (code === 10) return -1;
    if (code === 93 && text.charCodeAt(i + 1) === 93) return i;
    if (code === 91 && text.charCodeAt(i + 1) === 91) return -1;
  }
  return -1;
}

export function scanFootnoteRef(
  text: string,
  at: number,
  to: number,
  found: InlineFindings,
): number {
  let end = at + 2;
  for (; end < to; end++) {
    const code = text.charCodeAt(end);
    if (code === 93) break;
    if (code <= 32 || code === 91) return -1;
  }
  if (end >= to || end === at + 2) return -1;
  found.footnoteRefs.push({ start: at, end: end + 1, id: text.slice(at + 2, end) });
  return end + 1;
}

/** Obsidian reads no tag in an image's alt text. */
function dropTagsAfter(found: InlineFindings, start: number): void {
  const tags = found.tags;
  while (tags.length > 0 && (tags[tags.length - 1] as { start: number }).start > start) tags.pop();
}

/** At a `]`: records the link or image it closes, if a destination follows; returns its end or -1. */
export function closeBracket(
  text: string,
  at: number,
  to: number,
  brackets: BracketStack,
  found: InlineFindings,
): number {
  const opener = brackets.pop();
  if (opener === null || text.charCodeAt(at + 1) !== 40 /* ( */) return -1;
  const tail = parseLinkTail(text, at + 1, to);
  if (tail === null) return -1;
  const link = internalLinkTarget(tail.destination);
  if (link !== null) {
    const textStart = opener.at + (opener.image ? 2 : 1);
    const reference = {
      start: opener.at,
      end: tail.end,
      link,
      displayText: text.slice(textStart, at),
      original: text.slice(opener.at, tail.end),
    };
    (opener.image ? found.embeds : found.links).push(reference);
  }
  if (opener.image) dropTagsAfter(found, opener.at);
  else brackets.linkFormed();
  return tail.end;
}
