/**
 * get_outgoing_links: the links of a note, from the metadata cache: frontmatter links (with their
 * property key) first, then body links and embeds in reading order (with their 0-based line).
 * Each carries its linktext as written (subpath included) and the vault path it resolves to by
 * Obsidian's rules, or null when it resolves to nothing. One entry per occurrence.
 */
import { ToolError } from '@mcp-connector/shared';
import { type } from 'arktype';
import type { CachedMetadata } from 'obsidian';
import type { VaultHost } from '../../../../host/vault-host.ts';
import { READ_ONLY, defineTool } from '../../define-tool.ts';
import { limitArgument, takePage } from '../../services/list-limits.ts';
import { requireFile } from '../../services/note-access.ts';
import { isNote } from '../../services/note-files.ts';
import { getLinkpath } from '@mcp-connector/markdown/links';

type LinkKind = 'link' | 'embed' | 'frontmatter';

interface OutgoingLink {
  link: string;
  target: string | null;
  kind: LinkKind;
  line?: number;
  key?: string;
}

export const getOutgoingLinks = defineTool({
  name: 'get_outgoing_links',
  title: 'Outgoing links',
  description:
    "A note's links, embeds and frontmatter links in order: kind, line or key, target path (null: unresolved).",
  input: () =>
    type({
      path: 'string',
      'includeEmbeds?': 'boolean',
      'includeUnresolved?': 'boolean',
      'limit?': limitArgument,
    }),
  annotations: READ_ONLY,
  handler: async ({ path, includeEmbeds = true, includeUnresolved = true, limit }, ctx) => {
    const file = requireFile(ctx.host, path);
    if (!isNote(file)) {
      throw new ToolError(
        'unsupported',
        `${file.path} is not a Markdown note; get_backlinks works for any file.`,
        { path: file.path },
      );
    }
    const links = linksOf(ctx.host, file.path, ctx.host.getFileCache(file.path)).filter(
      (entry) =>
        (includeEmbeds || entry.kind !== 'embed') && (includeUnresolved || entry.target !== null),
    );
    const page = takePage(links, limit);
    return { path: file.path, links: page.items, total: page.total, truncated: page.truncated };
  },
});

function linksOf(host: VaultHost, path: string, cache: CachedMetadata | null): OutgoingLink[] {
  const resolve = (link: string) => host.getFirstLinkpathDest(getLinkpath(link), path);
  const frontmatter = (cache?.frontmatterLinks ?? []).map((ref): OutgoingLink => ({
    link: ref.link,
    target: resolve(ref.link),
    kind: 'frontmatter',
    key: ref.key,
  }));
  const body = [
    ...(cache?.links ?? []).map((ref) => ({ ref, kind: 'link' as const })),
    ...(cache?.embeds ?? []).map((ref) => ({ ref, kind: 'embed' as const })),
  ].sort((a, b) => a.ref.position.start.offset - b.ref.position.start.offset);
  return [
    ...frontmatter,
    ...body.map(({ ref, kind }): OutgoingLink => ({
      link: ref.link,
      target: resolve(ref.link),
      kind,
      line: ref.position.start.line,
    })),
  ];
}
