/**
 * restore_note_version: brings back a note's text from just before a change (a version listed
 * by get_note_history, by its change id or a pinned label), as a new change; deleted notes come
 * back at their path.
 */
import { type } from 'arktype';
import { normalizeVaultPath } from '../../../../host/vault-path.ts';
import { OVERWRITE, defineTool } from '../../define-tool.ts';
import { expectedRevisionArgument } from '../../services/arguments.ts';
import { requireJournal } from './services/journal-access.ts';

export const restoreNoteVersion = defineTool({
  name: 'restore_note_version',
  title: 'Restore version',
  description: "Restore a note's text from before a change (id or pinned label), as a new change.",
  input: () =>
    type({ path: 'string', change: 'string', 'expectedRevision?': expectedRevisionArgument }),
  annotations: OVERWRITE,
  handler: async ({ path, change, expectedRevision }, ctx) =>
    requireJournal(ctx).restore(
      normalizeVaultPath(path, ctx.host.configDir),
      change,
      expectedRevision,
    ),
});
