/**
 * get_note_version: a note's text as it was just before a change (a version get_note_history
 * lists, by its id or a pinned label), read from the journal's before-image; nothing is restored. A change that created the
 * note has no text before it (`exists: false`). Long text is capped (text-cap.ts).
 */
import { type } from 'arktype';
import { normalizeVaultPath } from '../../../../host/vault-path.ts';
import { READ_ONLY, defineTool } from '../../define-tool.ts';
import { capText } from '../../services/text-cap.ts';
import { requireJournal } from './services/journal-access.ts';

export const getNoteVersion = defineTool({
  name: 'get_note_version',
  title: 'Note version',
  description:
    "A note's text from just before a change (id or pinned label, get_note_history), not restored.",
  input: () => type({ path: 'string', changeId: 'string' }),
  annotations: READ_ONLY,
  handler: async ({ path, changeId }, ctx) => {
    const normalized = normalizeVaultPath(path, ctx.host.configDir);
    const version = await requireJournal(ctx).textBefore(normalized, changeId);
    const at = {
      path: normalized,
      change: version.change,
      ...(version.path !== normalized && { from: version.path }),
    };
    if (version.text === null) return { ...at, exists: false };
    const { text, ...cap } = capText(version.text);
    return { ...at, exists: true, revision: version.revision, content: text, ...cap };
  },
});
