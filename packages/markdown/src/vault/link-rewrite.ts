/**
 * Rewrites links in place: one site gets a new linkpath and keeps everything else as written
 * (embed `!`, subpath, alias or display text, title, angle brackets, quoting), and a file's
 * edits are applied in one pass, a canvas text node's edits re-encoded into its JSON string.
 * Invariant: only the linkpath of an edited site changes; every other byte of the file is kept.
 */
import { getLinkpath } from '../links/index.ts';
import { applyEdits, type TextEdit } from '../text-edits.ts';
import type { LinkDocument, LinkSite } from './link-sites.ts';
import { decodeQuotedScalar } from './link-sites.ts';
import { encodeLinkpath } from './markdown-link.ts';

/**
 * The edit giving the site `linkpath` (plain, not encoded). It spans only the old linkpath where
 * it can, so editing a link and an image inside its text (`[![a](x.png)](y.md)`) never overlaps.
 * Null when the site's text is not laid out as its form says (then it is left as written).
 */
export function linkpathEdit(site: LinkSite, linkpath: string): TextEdit | null {
  switch (site.form) {
    case 'wikilink': {
      const start = site.start + site.original.indexOf('[[') + 2;
      return { start, end: start + getLinkpath(site.linktext).length, replacement: linkpath };
    }
    case 'markdown':
      return markdownLinkpathEdit(site, linkpath);
    case 'frontmatter':
      return { start: site.start, end: site.end, replacement: requote(site, linkpath) };
    case 'canvas-file':
      return { start: site.start, end: site.end, replacement: JSON.stringify(linkpath) };
  }
}

/** The frontmatter scalar `"[[old#sub|alias]]"` with the new linkpath, in the same quotes. */
function requote(site: LinkSite, linkpath: string): string {
  const value = decodeQuotedScalar(site.original);
  const open = value.indexOf('[[') + 2;
  const next =
    value.slice(0, open) + linkpath + value.slice(open + getLinkpath(site.linktext).length);
  return site.original.startsWith("'") ? `'${next.replaceAll("'", "''")}'` : JSON.stringify(next);
}

/** `[text](path#sub "title")`: the raw path before the first `#`, written encoded. */
function markdownLinkpathEdit(site: LinkSite, linkpath: string): TextEdit | null {
  const { original } = site;
  const close = (original.startsWith('!') ? 2 : 1) + site.displayText.length;
  if (original.slice(close, close + 2) !== '](') return null;
  const destination = destinationSpan(original, close + 2);
  const raw = original.slice(destination.start, destination.end);
  const hash = raw.indexOf('#');
  return {
    start: site.start + destination.start,
    end: site.start + destination.start + (hash === -1 ? raw.length : hash),
    replacement: destination.angle ? linkpath : encodeLinkpath(linkpath),
  };
}

/** The destination after `(` at `from`, as CommonMark reads it: `<...>` or a bare run. */
function destinationSpan(
  original: string,
  from: number,
): { start: number; end: number; angle: boolean } {
  let start = from;
  while (start < original.length && ' \t\r\n'.includes(original.charAt(start))) start++;
  const angle = original[start] === '<';
  if (angle) start++;
  let end = start;
  let depth = 0;
  for (; end < original.length; end++) {
    const char = original.charAt(end);
    if (char === '\\') {
      end++;
    } else if (angle) {
      if (char === '>') break;
    } else if (char <= ' ' || (char === ')' && depth === 0)) {
      break;
    } else if (char === '(' || char === ')') {
      depth += char === '(' ? 1 : -1;
    }
  }
  return { start, end, angle };
}

/** The file's text with each document's edits applied (a canvas text node as one JSON string). */
export function applyDocumentEdits(
  fileText: string,
  edited: readonly { document: LinkDocument; edits: TextEdit[] }[],
): string {
  const fileEdits: TextEdit[] = [];
  for (const { document, edits } of edited) {
    if (edits.length === 0) continue;
    if (document.jsonSpan === null) {
      fileEdits.push(...edits);
    } else {
      const { start, end } = document.jsonSpan;
      fileEdits.push({ start, end, replacement: JSON.stringify(applyEdits(document.text, edits)) });
    }
  }
  return applyEdits(fileText, fileEdits);
}
