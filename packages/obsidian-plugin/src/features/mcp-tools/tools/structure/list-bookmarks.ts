/**
 * list_bookmarks: the core Bookmarks plugin's bookmarks, flattened depth-first with the titles of
 * their groups (services/bookmarks-file.ts). include_types keeps only those types; a bookmark
 * inside a group that is filtered out keeps its `groups` trail. Bookmarks to files or folders
 * not visible in the vault are skipped and counted. A missing or malformed bookmarks.json is an
 * empty list with a note, never a failure.
 */
import { type } from 'arktype';
import { READ_ONLY, defineTool } from '../../define-tool.ts';
import { MAX_LIST_LIMIT, takePage } from '../../services/list-limits.ts';
import { BOOKMARK_TYPES, readBookmarks } from './services/bookmarks-file.ts';

export const listBookmarks = defineTool({
  name: 'list_bookmarks',
  title: 'Bookmarks',
  description:
    "The vault's bookmarks in order (files, folders, headings, blocks, searches, URLs), with group titles.",
  input: () => type({ 'include_types?': type.enumerated(...BOOKMARK_TYPES).array() }),
  annotations: READ_ONLY,
  handler: async ({ include_types }, ctx) => {
    const read = await readBookmarks(ctx.host);
    const wanted = include_types === undefined ? null : new Set(include_types);
    const bookmarks = read.bookmarks.filter((entry) => wanted?.has(entry.type) ?? true);
    const page = takePage(bookmarks, MAX_LIST_LIMIT);
    return {
      bookmarks: page.items,
      total: page.total,
      truncated: page.truncated,
      ...(read.skipped > 0 ? { skipped: read.skipped } : {}),
      ...(read.note === undefined ? {} : { note: read.note }),
    };
  },
});
