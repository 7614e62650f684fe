/**
 * Wikilink text as Obsidian reads it: `target|alias`, split at the first `|` after the first
 * character (so `[[|]]` links to "|"); without an alias the display text is the target with each
 * `#` shown as " > " and a leading `#` dropped (`a#b` shows "a > b", `#^id` shows "^id").
 * In a table cell the pipe is escaped (`[[a\|b]]`); the backslash is not part of the target.
 */

export interface WikilinkParts {
  link: string;
  displayText: string;
}

export function splitWikilink(content: string): WikilinkParts {
  const bar = content.indexOf('|', 1);
  if (bar === -1) return { link: content, displayText: subpathDisplayText(content) };
  const escaped = content.charCodeAt(bar - 1) === 92 && bar > 1;
  return { link: content.slice(0, escaped ? bar - 1 : bar), displayText: content.slice(bar + 1) };
}

export function subpathDisplayText(link: string): string {
  if (!link.includes('#')) return link;
  return (link.startsWith('#') ? link.slice(1) : link).split('#').join(' > ');
}

/** The wikilink content of a whole string `[[...]]` (a frontmatter value), or null. */
export function wholeWikilinkContent(value: string): string | null {
  if (!value.startsWith('[[') || !value.endsWith(']]') || value.length <= 4) return null;
  const content = value.slice(2, -2);
  return content.includes(']]') || content.includes('[[') || content.includes('\n')
    ? null
    : content;
}
