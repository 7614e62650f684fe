/**
 * get_outgoing_links: the links of a note, from the metadata cache: frontmatter links (with their
 * property key) first, then body links and embeds in reading order (with their 0-based line).
 * Each carries its linktext as written (subpath included) and the vault path it resolves to by
 * Obsidian's rules, or null when it resolves to nothing. One entry per occurrence.
 */
import { ToolError } from '@mcp-connector/shared';
import { type } from 'arktype';
import { READ_ONLY, defineTool } from '../../define-tool.ts';
import { limitArgument, takePage } from '../../services/list-limits.ts';
import { requireFile } from '../../services/note-access.ts';
import { isNote } from '../../services/note-files.ts';
import { noteLinks } from '../../services/note-links.ts';

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
    const links = noteLinks(ctx.host, file.path)
      .filter(
        (entry) =>
          (includeEmbeds || entry.kind !== 'embed') && (includeUnresolved || entry.target !== null),
      )
      .map(({ column: _column, original: _original, ...entry }) => entry);
    const page = takePage(links, limit);
    return { path: file.path, links: page.items, total: page.total, truncated: page.truncated };
  },
});
