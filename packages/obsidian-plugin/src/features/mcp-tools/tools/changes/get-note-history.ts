/**
 * get_note_history: a note's journaled versions, newest first, followed back through renames.
 * Each names the change, and whether the text from before it can be restored; a pinned version
 * (save_note_version) says so, with its label.
 */
import { type } from 'arktype';
import { normalizeVaultPath } from '../../../../host/vault-path.ts';
import { READ_ONLY, defineTool } from '../../define-tool.ts';
import { limitArgument, takePage } from '../../services/list-limits.ts';
import { requireJournal } from './services/journal-access.ts';

export const getNoteHistory = defineTool({
  name: 'get_note_history',
  title: 'Note history',
  description: "A note's journaled versions, newest first; restore_note_version brings one back.",
  input: () => type({ path: 'string', 'limit?': limitArgument }),
  annotations: READ_ONLY,
  handler: async ({ path, limit }, ctx) => {
    const normalized = normalizeVaultPath(path, ctx.host.configDir);
    const page = takePage(await requireJournal(ctx).history(normalized), limit);
    return { path: normalized, versions: page.items, total: page.total, truncated: page.truncated };
  },
});
