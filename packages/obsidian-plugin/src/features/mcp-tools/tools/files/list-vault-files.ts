import { type } from 'arktype';
import { requireFolder } from '../../services/note-access.ts';
import { READ_ONLY, defineTool } from '../../define-tool.ts';
import { limitArgument, takePage } from '../../services/list-limits.ts';

export const listVaultFiles = defineTool({
  name: 'list_vault_files',
  title: 'List folder',
  description:
    'A folder\'s direct children as vault paths, folders first (ending in "/"); no directory: the vault root.',
  input: () => type({ 'directory?': 'string', 'limit?': limitArgument }),
  annotations: READ_ONLY,
  handler: async ({ directory, limit }, ctx) => {
    const folder = requireFolder(ctx.host, directory ?? '');
    const page = takePage(ctx.host.answers().folderEntries(folder), limit);
    return { directory: folder, entries: page.items, total: page.total, truncated: page.truncated };
  },
});
