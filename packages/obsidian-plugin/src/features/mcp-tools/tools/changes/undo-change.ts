/**
 * undo_change: puts every file of a change back as it was before it, atomically, or refuses
 * (precondition_failed, naming each file) when one changed since. The undo is a change too.
 */
import { type } from 'arktype';
import { DESTRUCTIVE, defineTool } from '../../define-tool.ts';
import { requireJournal } from './services/journal-access.ts';

export const undoChange = defineTool({
  name: 'undo_change',
  title: 'Undo change',
  description: 'Undo a change: its files back, atomically; refused if one changed since.',
  input: () => type({ id: 'string' }),
  annotations: DESTRUCTIVE,
  handler: async ({ id }, ctx) => requireJournal(ctx).undo(id),
});
