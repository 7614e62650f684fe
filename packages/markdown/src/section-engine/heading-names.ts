/**
 * Heading text as Obsidian uses it in links.
 * - Matching (`headingKey`): Obsidian compares a link's heading with a note's heading through
 *   `stripHeading` (the ASCII punctuation !"#$%&()*+,.:;<=>?@^`{|}~/[]\ becomes a space, space
 *   runs collapse, ends trimmed) and ignores case, so `[[Note#my heading!]]` reaches
 *   `## My Heading`. We add NFC, as a heading typed on macOS may arrive decomposed.
 * - Writing (`headingLinkText`): the characters a link cannot hold (# | ^ : %% [[ ]]) become
 *   spaces, as Obsidian's `stripHeadingForLink` does when it writes a link to a heading; the
 *   result still matches the heading by `headingKey`.
 * - Chains (`headingChain`): `#A#B` names B under A. Each segment matches the first heading after
 *   the previous match that is deeper than it; the first segment, any heading. So with two
 *   headings named alike, a plain `#Name` reaches the first one.
 */
import type { HeadingCache } from 'obsidian';

const LINK_PUNCTUATION = /[!"#$%&()*+,.:;<=>?@^`{|}~/[\]\\]/g;
const NOT_IN_LINKS = /[#|^:]|%%|\[\[|\]\]/g;

export function stripHeading(text: string): string {
  return collapse(text.replace(LINK_PUNCTUATION, ' '));
}

export function headingKey(text: string): string {
  return stripHeading(text.normalize('NFC')).toLowerCase();
}

export function headingLinkText(text: string): string {
  return collapse(text.normalize('NFC').replace(NOT_IN_LINKS, ' '));
}

function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Index in `headings` of each segment's heading, for the segments that match in order. */
export function headingChain(
  headings: readonly HeadingCache[],
  segments: readonly string[],
): number[] {
  const chain: number[] = [];
  let from = 0;
  let level = 0;
  for (const segment of segments) {
    const key = headingKey(segment);
    let found = -1;
    for (let i = from; i < headings.length; i++) {
      const heading = headings[i] as HeadingCache;
      if (heading.level > level && headingKey(heading.heading) === key) {
        found = i;
        break;
      }
    }
    if (found === -1) break;
    chain.push(found);
    from = found + 1;
    level = (headings[found] as HeadingCache).level;
  }
  return chain;
}
