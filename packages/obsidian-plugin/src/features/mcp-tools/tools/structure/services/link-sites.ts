/**
 * Where one file links to another: each link, embed or frontmatter link of the source that
 * resolves to the target, with the line it is on (a snippet of a long line, around the link)
 * or, for a frontmatter link, its property. What the link-graph tools show as a link's context.
 * A canvas has no line-level metadata: its links to the target are counted, not placed.
 */
import type { VaultHost } from '../../../../../host/vault-host.ts';
import type { StepDirection } from './link-graph.ts';
import { noteLinks, type LinkKind } from '../../../services/note-links.ts';

/** The most characters of a line shown around a link. */
const SNIPPET_CHARS = 160;
/** The most sites listed for one pair of files (the tools give the full count beside them). */
export const MAX_SITES = 5;

/** A place where `from` links to the other file of a pair. */
export interface LinkSite {
  from: string;
  kind: LinkKind;
  /** 0-based line of a body link or embed. */
  line?: number;
  /** The property of a frontmatter link. */
  key?: string;
  /** The line (or a snippet of it around the link), or `key: [[link]]`. */
  context: string;
}

/** Reads each source's text once for every pair asked about it. */
export class LinkSites {
  private readonly texts = new Map<string, Promise<string[] | null>>();

  constructor(private readonly host: VaultHost) {}

  /** The first MAX_SITES places where `source` links to `target`. */
  async between(source: string, target: string): Promise<LinkSite[]> {
    const links = noteLinks(this.host, source).filter((link) => link.target === target);
    const lines = links.some((link) => link.line !== undefined) ? await this.lines(source) : null;
    return links.slice(0, MAX_SITES).map((link): LinkSite => {
      const { kind, key, line } = link;
      if (line === undefined)
        return { from: source, kind, key, context: `${key}: ${link.original}` };
      const context = snippet(lines?.[line] ?? link.original, link.column ?? 0, link.original);
      return { from: source, kind, line, context };
    });
  }

  /** The places linking `from` and `to` the way a step between them goes (both ways: both). */
  async ofStep(from: string, to: string, direction: StepDirection): Promise<LinkSite[]> {
    return [
      ...(direction === 'in' ? [] : await this.between(from, to)),
      ...(direction === 'out' ? [] : await this.between(to, from)),
    ];
  }

  private lines(path: string): Promise<string[] | null> {
    let lines = this.texts.get(path);
    if (lines === undefined) {
      lines = this.host.read(path).then(
        (text) => text.split(/\r?\n/),
        () => null,
      );
      this.texts.set(path, lines);
    }
    return lines;
  }
}

/** The line, trimmed; a long one cut to SNIPPET_CHARS around the link, marked with "…". */
function snippet(text: string, column: number, original: string): string {
  if (text.length <= SNIPPET_CHARS) return text.trim();
  const room = Math.max(0, SNIPPET_CHARS - original.length);
  const start = Math.max(0, Math.min(column - Math.floor(room / 2), text.length - SNIPPET_CHARS));
  const end = start + SNIPPET_CHARS;
  return `${start > 0 ? '…' : ''}${text.slice(start, end).trim()}${end < text.length ? '…' : ''}`;
}
