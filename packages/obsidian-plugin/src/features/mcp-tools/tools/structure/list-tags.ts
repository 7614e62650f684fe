/**
 * list_tags: every tag of the vault with the number of notes carrying it, nested tags rolled up
 * into their parents, grouped case-insensitively as Obsidian's tag pane does
 * (services/tag-counts.ts). Most used first unless sorted by name.
 */
import { type } from 'arktype';
import { READ_ONLY, defineTool } from '../../define-tool.ts';
import { limitArgument, takePage } from '../../services/list-limits.ts';
import { countTags, sortTags } from './services/tag-counts.ts';

export const listTags = defineTool({
  name: 'list_tags',
  title: 'List tags',
  description:
    'Every tag (no "#") with its note count; a/b also counts for a. By count, or by name with sort "name".',
  input: () => type({ 'sort?': "'name' | 'count'", 'limit?': limitArgument }),
  annotations: READ_ONLY,
  handler: async ({ sort = 'count', limit }, ctx) => {
    const page = takePage(sortTags(countTags(ctx.host), sort), limit);
    return { tags: page.items, total: page.total, truncated: page.truncated };
  },
});
