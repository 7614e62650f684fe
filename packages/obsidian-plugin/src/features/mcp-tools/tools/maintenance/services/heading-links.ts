/**
 * Links to one heading of one note, found and rewritten. A link reaches the heading when its
 * linkpath leads to the note (an empty linkpath: the note holding the link) and its heading chain
 * (the markdown package's heading-names.ts) passes through the heading; the segment naming it is the one
 * rewritten, so `[[Note#Old#Child|alias]]` becomes `[[Note#New#Child|alias]]`.
 * - `linkReaches` answers from a linktext as the metadata cache records it (planning).
 * - `headingLinkEdits` works on a note's current text and its metadata parsed from that very
 *   text (applying), so every offset it edits is right: body links and embeds by position, and
 *   frontmatter links as the quoted YAML scalar holding them (`up: "[[Note#Old]]"`).
 */
import { headingChain } from '@mcp-connector/markdown';
import type { CachedMetadata, HeadingCache } from 'obsidian';
import type { VaultHost } from '../../../../../host/vault-host.ts';
import { applyEdits, type TextEdit } from '@mcp-connector/markdown/text-edits';
import { encodeSegment, linkSubpath, wikilinkSubpath, type LinkSubpath } from './link-subpaths.ts';

export interface RenamedHeading {
  /** The note holding the heading. */
  path: string;
  /** Its headings before the rename. */
  headings: readonly HeadingCache[];
  /** Which of them is renamed. */
  index: number;
  /** The renamed heading as a link writes it (`headingLinkText`). */
  linkText: string;
}

function leadsToNote(host: VaultHost, linkpath: string, source: string, note: string): boolean {
  return linkpath === '' ? source === note : host.getFirstLinkpathDest(linkpath, source) === note;
}

/** Which segment of the subpath names the heading, or -1. */
function headingSegment(segments: readonly string[], target: RenamedHeading): number {
  if (segments.length === 0 || (segments[0] as string).startsWith('^')) return -1;
  return headingChain(target.headings, segments).indexOf(target.index);
}

export function linkReaches(
  host: VaultHost,
  source: string,
  linktext: string,
  target: RenamedHeading,
): boolean {
  const hash = linktext.indexOf('#');
  if (hash === -1 || !leadsToNote(host, linktext.slice(0, hash), source, target.path)) return false;
  return headingSegment(linktext.slice(hash + 1).split('#'), target) !== -1;
}

/** The edit renaming the heading in one parsed link, or null when it does not reach it. */
function segmentEdit(
  host: VaultHost,
  source: string,
  subpath: LinkSubpath | null,
  target: RenamedHeading,
): TextEdit | null {
  if (subpath === null || !leadsToNote(host, subpath.linkpath, source, target.path)) return null;
  const index = headingSegment(
    subpath.segments.map((segment) => segment.value),
    target,
  );
  const segment = subpath.segments[index];
  if (segment === undefined) return null;
  const replacement = encodeSegment(subpath.style, target.linkText);
  return { start: segment.start, end: segment.end, replacement };
}

/** Edits to `text` (whose metadata is `cache`) renaming the heading in every link reaching it. */
export function headingLinkEdits(
  host: VaultHost,
  source: string,
  text: string,
  cache: CachedMetadata,
  target: RenamedHeading,
): TextEdit[] {
  const edits: TextEdit[] = [];
  for (const reference of [...(cache.links ?? []), ...(cache.embeds ?? [])]) {
    const { start, end } = reference.position;
    const subpath = linkSubpath(text, start.offset, end.offset);
    const edit = segmentEdit(host, source, subpath, target);
    if (edit !== null) edits.push(edit);
  }
  return [...edits, ...frontmatterEdits(host, source, text, cache, target)];
}

/** Double- or single-quoted YAML scalars on one line. */
const QUOTED_SCALAR = /"(?:[^"\\\r\n]|\\.)*"|'(?:[^'\r\n]|'')*'/g;

/**
 * The frontmatter cache holds each link's value without a position, so each rewritten value is
 * found again as a quoted scalar whose decoded text is that value, and written in the same quotes.
 */
function frontmatterEdits(
  host: VaultHost,
  source: string,
  text: string,
  cache: CachedMetadata,
  target: RenamedHeading,
): TextEdit[] {
  const renamed = new Map<string, string>();
  for (const { original } of cache.frontmatterLinks ?? []) {
    if (!original.startsWith('[[') || !original.endsWith(']]')) continue;
    const edit = segmentEdit(
      host,
      source,
      wikilinkSubpath(original, 2, original.length - 2),
      target,
    );
    if (edit !== null) renamed.set(original, applyEdits(original, [edit]));
  }
  const end = cache.frontmatterPosition?.end.offset ?? 0;
  if (renamed.size === 0 || end === 0) return [];
  const edits: TextEdit[] = [];
  for (const match of text.slice(0, end).matchAll(QUOTED_SCALAR)) {
    const value = renamed.get(decodeQuoted(match[0]) ?? '');
    if (value === undefined) continue;
    const replacement = match[0].startsWith("'")
      ? `'${value.replaceAll("'", "''")}'`
      : JSON.stringify(value);
    edits.push({ start: match.index, end: match.index + match[0].length, replacement });
  }
  return edits;
}

/** A quoted scalar's value; double quotes decoded as JSON (YAML's common escapes), else null. */
function decodeQuoted(raw: string): string | null {
  if (raw.startsWith("'")) return raw.slice(1, -1).replaceAll("''", "'");
  try {
    const value: unknown = JSON.parse(raw);
    return typeof value === 'string' ? value : null;
  } catch {
    return null;
  }
}
