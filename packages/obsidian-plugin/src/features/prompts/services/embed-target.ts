/**
 * What one embed's link (`note`, `note#Heading`, `note#A#B`, `note#^id`, `#Heading`) shows, cut
 * the way Obsidian transcludes it: the linkpath resolved from the embedding note by Obsidian's
 * rules (`getFirstLinkpathDest`; an empty linkpath is the embedding note itself), then the whole
 * note without its frontmatter, one heading's section (the heading line up to the next heading
 * of the same or a higher level; `#A#B` names B under A, matched as links match headings), or one
 * block (a list item with its nested items).
 *
 * Invariants: a note the host cannot see (missing or in a hidden folder) is "not found", in the
 * same words; a miss is a reason, never an exception. Pure reads through the host.
 */
import {
  findBlock,
  headingChain,
  headingEntries,
  noteText,
  sliceLines,
  visibleLineCount,
  type NoteText,
} from '@mcp-connector/markdown';
import type { VaultHost } from '../../../host/vault-host.ts';

export type EmbedTarget = { ok: true; text: string } | { ok: false; reason: string };

export const EMBED_REASONS = {
  notFound: 'not found',
  notANote: 'not a Markdown note',
  headingNotFound: 'heading not found',
  blockNotFound: 'block not found',
} as const;

/** Reads a note's text once per render, however often it is embedded. */
export type NoteReader = (path: string) => Promise<NoteText | null>;

export function noteReader(host: VaultHost): NoteReader {
  const notes = new Map<string, Promise<NoteText | null>>();
  return (path) => {
    let note = notes.get(path);
    if (note === undefined) {
      note = host.read(path).then(noteText, () => null);
      notes.set(path, note);
    }
    return note;
  };
}

export async function readEmbedTarget(
  host: VaultHost,
  read: NoteReader,
  link: string,
  sourcePath: string,
): Promise<EmbedTarget> {
  const hash = link.indexOf('#');
  const linkpath = hash === -1 ? link : link.slice(0, hash);
  const subpath = hash === -1 ? '' : link.slice(hash + 1);
  const path = linkpath === '' ? sourcePath : host.getFirstLinkpathDest(linkpath, sourcePath);
  if (path === null) return miss(EMBED_REASONS.notFound);
  if (!path.endsWith('.md')) return miss(EMBED_REASONS.notANote);
  const note = await read(path);
  if (note === null) return miss(EMBED_REASONS.notFound);
  if (subpath.trim() === '') return { ok: true, text: withoutFrontmatter(note) };
  return subpath.startsWith('^') ? blockText(note, subpath.slice(1)) : headingText(note, subpath);
}

function miss(reason: string): EmbedTarget {
  return { ok: false, reason };
}

function withoutFrontmatter(note: NoteText): string {
  const end = note.cache.frontmatterPosition?.end.offset ?? 0;
  return note.text.slice(end);
}

function headingText(note: NoteText, subpath: string): EmbedTarget {
  const headings = note.cache.headings ?? [];
  const segments = subpath.split('#').filter((segment) => segment.trim() !== '');
  const chain = headingChain(headings, segments);
  if (segments.length === 0 || chain.length !== segments.length)
    return miss(EMBED_REASONS.headingNotFound);
  const entry = headingEntries(headings, note.lines)[chain[chain.length - 1] as number];
  if (entry === undefined) return miss(EMBED_REASONS.headingNotFound);
  const lastLine = Math.min(entry.nextLine, visibleLineCount(note.lines)) - 1;
  return { ok: true, text: sliceLines(note.lines, entry.line, lastLine) };
}

function blockText(note: NoteText, id: string): EmbedTarget {
  const block = findBlock(note.cache, note.lines, id.trim());
  if (block === null) return miss(EMBED_REASONS.blockNotFound);
  return { ok: true, text: sliceLines(note.lines, block.startLine, block.lastLine) };
}
