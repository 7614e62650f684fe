/**
 * The links of one note as its metadata has them, each with the vault path it resolves to by
 * Obsidian's rules (null: unresolved): frontmatter links first (with their property key), then
 * body links and embeds in reading order (with their 0-based line). One entry per occurrence.
 * get_outgoing_links lists them, the link-graph tools find the ones between two notes, and a
 * base's `file.links` and `file.embeds` are made of them.
 */
import type { CachedMetadata } from 'obsidian';
import { getLinkpath } from '@mcp-connector/markdown/links';
import type { VaultHost } from '../../../host/vault-host.ts';

export type LinkKind = 'link' | 'embed' | 'frontmatter';

export interface NoteLink {
  link: string;
  target: string | null;
  kind: LinkKind;
  /** 0-based line of a body link or embed. */
  line?: number;
  /** Property key of a frontmatter link (`key.N` for a list item). */
  key?: string;
  /** 0-based column of a body link's first character on its line. */
  column?: number;
  /** The link as written. */
  original: string;
}

export function noteLinks(host: VaultHost, path: string): NoteLink[] {
  const cache: CachedMetadata | null = host.getFileCache(path);
  const resolve = (link: string) => host.getFirstLinkpathDest(getLinkpath(link), path);
  const frontmatter = (cache?.frontmatterLinks ?? []).map((ref): NoteLink => ({
    link: ref.link,
    target: resolve(ref.link),
    kind: 'frontmatter',
    key: ref.key,
    original: ref.original,
  }));
  const body = [
    ...(cache?.links ?? []).map((ref) => ({ ref, kind: 'link' as const })),
    ...(cache?.embeds ?? []).map((ref) => ({ ref, kind: 'embed' as const })),
  ].sort((a, b) => a.ref.position.start.offset - b.ref.position.start.offset);
  return [
    ...frontmatter,
    ...body.map(({ ref, kind }): NoteLink => ({
      link: ref.link,
      target: resolve(ref.link),
      kind,
      line: ref.position.start.line,
      column: ref.position.start.col,
      original: ref.original,
    })),
  ];
}
