/**
 * list_changes: the change journal, newest first: every agent write (and every undo) with its
 * token, tool, time, files and whether it is undone. Changes touching hidden folders are absent.
 */
import { type } from 'arktype';
import { normalizeVaultPath } from '../../../../host/vault-path.ts';
import { READ_ONLY, defineTool } from '../../define-tool.ts';
import { limitArgument, takePage } from '../../services/list-limits.ts';
import { requireJournal } from './services/journal-access.ts';

export const listChanges = defineTool({
  name: 'list_changes',
  title: 'List changes',
  description: 'Agent writes, newest first; filters: path, token, tool, since/until (ISO).',
  input: () =>
    type({
      'path?': 'string',
      'token?': 'string',
      'tool?': 'string',
      'since?': 'string',
      'until?': 'string',
      'limit?': limitArgument,
    }),
  annotations: READ_ONLY,
  handler: async ({ path, limit, ...filter }, ctx) => {
    const journal = requireJournal(ctx);
    const changes = await journal.list({
      ...filter,
      ...(path !== undefined && { path: normalizeVaultPath(path, ctx.host.configDir) }),
    });
    const page = takePage(changes, limit);
    return { changes: page.items, total: page.total, truncated: page.truncated };
  },
});
