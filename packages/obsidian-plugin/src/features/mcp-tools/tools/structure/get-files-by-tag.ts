/**
 * get_files_by_tag: the notes carrying a tag, matched case-insensitively with or without '#';
 * with includeNested (the default) a query `a` also matches `a/b`. Each note comes with the
 * matching tags as it spells them. Sorted by path. Cost: the notes counted for the tag (its
 * tally group), or one pass over the notes on a host that maintains no tally.
 */
import { ToolError } from '@mcp-connector/shared';
import { type } from 'arktype';
import { READ_ONLY, defineTool } from '../../define-tool.ts';
import { limitArgument, takePage } from '../../services/list-limits.ts';
import { byName } from '../../services/note-files.ts';
import { notesCountedFor, noteTags, tagMatches, tagQueryKey } from './services/tag-counts.ts';

export const getFilesByTag = defineTool({
  name: 'get_files_by_tag',
  title: 'Notes by tag',
  description:
    'Notes with a tag ("#" optional, any case) and the matching tags; includeNested (default true): a matches a/b.',
  input: () => type({ tag: 'string', 'includeNested?': 'boolean', 'limit?': limitArgument }),
  annotations: READ_ONLY,
  handler: async ({ tag, includeNested = true, limit }, ctx) => {
    const key = tagQueryKey(tag);
    if (key === '') {
      throw new ToolError(
        'invalid_arguments',
        'tag is empty; pass one such as "project/active" (list_tags shows them).',
      );
    }
    const files = [];
    for (const path of notesCountedFor(ctx.host, key)) {
      const tags = noteTags(ctx.host, path).filter((t) => tagMatches(t, key, includeNested));
      if (tags.length > 0) files.push({ path, tags });
    }
    const page = takePage(
      files.sort((a, b) => byName(a.path, b.path)),
      limit,
    );
    return { tag: key, files: page.items, total: page.total, truncated: page.truncated };
  },
});
