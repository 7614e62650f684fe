/**
 * save_note_version: pins a note's present text as a version in the change journal, with a label
 * when given; the journal never prunes it. get_note_history lists it (`pinned`, `label`), and
 * get_note_version, compare_note_versions and restore_note_version take the label in place of a
 * change id. Nothing in the vault changes (change-pin.ts in the change journal).
 */
import { type } from 'arktype';
import { normalizeVaultPath } from '../../../../host/vault-path.ts';
import { ADDITIVE, defineTool } from '../../define-tool.ts';
import { requireJournal } from './services/journal-access.ts';

export const saveNoteVersion = defineTool({
  name: 'save_note_version',
  title: 'Pin version',
  description:
    "Pin a note's current text as a labelled version, never pruned; version tools take the label.",
  input: () => type({ path: 'string', 'label?': 'string' }),
  annotations: ADDITIVE,
  handler: async ({ path, label }, ctx) =>
    requireJournal(ctx).pin(normalizeVaultPath(path, ctx.host.configDir), label),
});
