/**
 * Where each link of a note or canvas is written, as spans a rename can rewrite in place: the
 * body's links and embeds (their cache positions), frontmatter links (the quoted YAML scalar
 * holding `[[...]]`), a canvas's file nodes (the `file` string) and the links inside its text
 * nodes (positions inside the node's decoded text, which is its own document).
 * Invariant: a site's `linktext` is the `link` the metadata cache records for it, so resolving
 * `getLinkpath(linktext)` from the file gives the same target as the link graph.
 */
import type { CachedMetadata } from 'obsidian';
import { parse } from 'yaml';
import { parseMetadata } from '../parse-metadata.ts';
import { canvasNodeStrings, type JsonStringSpan } from './canvas-json.ts';

export type LinkForm = 'wikilink' | 'markdown' | 'frontmatter' | 'canvas-file';

export interface LinkSite {
  /** The link as the metadata cache records it: linkpath and subpath, decoded. */
  linktext: string;
  form: LinkForm;
  /** The exact text at `start`..`end` of its document. */
  original: string;
  /** A markdown link's text between its brackets, as written ('' for other forms). */
  displayText: string;
  start: number;
  end: number;
}

/** A text holding links: the whole file, or a canvas text node's decoded text. */
export interface LinkDocument {
  text: string;
  /** The JSON string the text was decoded from, or null when it is the whole file. */
  jsonSpan: JsonStringSpan | null;
  sites: LinkSite[];
}

/** Double- or single-quoted YAML scalars on one line. */
const QUOTED_SCALAR = /"(?:[^"\\\r\n]|\\.)*"|'(?:[^'\r\n]|'')*'/g;

export function findLinkDocuments(path: string, text: string): LinkDocument[] {
  if (path.endsWith('.canvas')) return canvasDocuments(text);
  if (!path.endsWith('.md')) return [];
  const cache = parseMetadata(text);
  const sites = [...bodySites(text, cache), ...frontmatterSites(text, cache)];
  return [{ text, jsonSpan: null, sites }];
}

function bodySites(text: string, cache: CachedMetadata): LinkSite[] {
  return [...(cache.links ?? []), ...(cache.embeds ?? [])].map((reference) => {
    const { start, end } = reference.position;
    const original = text.slice(start.offset, end.offset);
    const isWikilink = original.startsWith('[[') || original.startsWith('![[');
    return {
      linktext: reference.link,
      form: isWikilink ? 'wikilink' : 'markdown',
      original,
      displayText: isWikilink ? '' : (reference.displayText ?? ''),
      start: start.offset,
      end: end.offset,
    };
  });
}

/**
 * The frontmatter records its links without positions, so each is found again as a quoted scalar
 * whose value is a linking property's whole value (`up: "[[Parent]]"`, `- '[[A|a]]'`).
 */
function frontmatterSites(text: string, cache: CachedMetadata): LinkSite[] {
  const links = cache.frontmatterLinks ?? [];
  if (links.length === 0 || cache.frontmatterPosition === undefined) return [];
  const linktextByValue = new Map(links.map((link) => [link.original, link.link]));
  const block = text.slice(0, cache.frontmatterPosition.end.offset);
  const sites: LinkSite[] = [];
  for (const match of block.matchAll(QUOTED_SCALAR)) {
    const linktext = linktextByValue.get(decodeQuotedScalar(match[0]));
    if (linktext === undefined) continue;
    const start = match.index;
    const end = start + match[0].length;
    sites.push({ linktext, form: 'frontmatter', original: match[0], displayText: '', start, end });
  }
  return sites;
}

export function decodeQuotedScalar(raw: string): string {
  if (raw.startsWith("'")) return raw.slice(1, -1).replaceAll("''", "'");
  try {
    const value: unknown = parse(raw);
    return typeof value === 'string' ? value : '';
  } catch {
    return '';
  }
}

function canvasDocuments(text: string): LinkDocument[] {
  const fileSites: LinkSite[] = [];
  const textDocuments: LinkDocument[] = [];
  for (const node of canvasNodeStrings(text)) {
    const type = node.get('type')?.value;
    const file = node.get('file');
    const nodeText = node.get('text');
    if (type === 'file' && file !== undefined) {
      const linktext = file.value + (node.get('subpath')?.value ?? '');
      const original = text.slice(file.start, file.end);
      const { start, end } = file;
      fileSites.push({ linktext, form: 'canvas-file', original, displayText: '', start, end });
    } else if (type === 'text' && nodeText !== undefined) {
      const cache = parseMetadata(nodeText.value);
      textDocuments.push({
        text: nodeText.value,
        jsonSpan: nodeText,
        sites: bodySites(nodeText.value, cache),
      });
    }
  }
  return [{ text, jsonSpan: null, sites: fileSites }, ...textDocuments];
}
