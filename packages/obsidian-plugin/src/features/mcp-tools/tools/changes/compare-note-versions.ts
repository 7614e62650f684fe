/**
 * compare_note_versions: a line diff (unified hunks, services/line-diff.ts) between a note's text
 * just before change `from` and its text just after change `to`, or now when `to` is left out.
 * Either end may be a pinned version's label. A side where the note did not exist is empty text. Texts come from the journal's before-images
 * and the vault (version-text.ts in the change journal); nothing is restored.
 */
import { type } from 'arktype';
import { normalizeVaultPath } from '../../../../host/vault-path.ts';
import { READ_ONLY, defineTool } from '../../define-tool.ts';
import type { ToolContext } from '../../tool-context.ts';
import { revisionOf } from '../../services/revision.ts';
import { requireJournal } from './services/journal-access.ts';
import { lineDiff } from './services/line-diff.ts';

export const compareNoteVersions = defineTool({
  name: 'compare_note_versions',
  title: 'Compare versions',
  description:
    'Line diff of a note from before change `from` to after `to` (default: now); ids or pinned labels.',
  input: () => type({ path: 'string', from: 'string', 'to?': 'string' }),
  annotations: READ_ONLY,
  handler: async ({ path, from, to }, ctx) => {
    const normalized = normalizeVaultPath(path, ctx.host.configDir);
    const journal = requireJournal(ctx);
    const older = await journal.textBefore(normalized, from);
    const newer =
      to === undefined ? await textNow(ctx, normalized) : await journal.textAfter(normalized, to);
    return {
      path: normalized,
      from: older.change,
      to: 'change' in newer ? newer.change : 'now',
      fromRevision: older.revision,
      toRevision: newer.revision,
      ...lineDiff(older.text ?? '', newer.text ?? ''),
    };
  },
});

async function textNow(ctx: ToolContext, path: string) {
  if (ctx.host.getFile(path) === null) return { revision: null, text: null };
  const text = await ctx.host.read(path);
  return { revision: revisionOf(text), text };
}
