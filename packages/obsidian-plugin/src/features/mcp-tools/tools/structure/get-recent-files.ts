/**
 * get_recent_files: the most recently modified files of any kind, newest first, with their
 * mtime (ms since the epoch). Its limit is 1-100 (default 10), part of the schema: a larger
 * limit is an argument error, not a clamp.
 */
import { type } from 'arktype';
import { READ_ONLY, defineTool } from '../../define-tool.ts';
import { recentFiles } from '../../services/note-files.ts';

export const getRecentFiles = defineTool({
  name: 'get_recent_files',
  title: 'Recent files',
  description: 'Recently modified files, newest first, with mtime (ms since epoch).',
  input: () => type({ 'limit?': '1 <= number.integer <= 100' }),
  annotations: READ_ONLY,
  handler: async ({ limit = 10 }, ctx) => {
    const { files, total } = recentFiles(ctx.host, limit);
    return { files, total, truncated: total > files.length };
  },
});
