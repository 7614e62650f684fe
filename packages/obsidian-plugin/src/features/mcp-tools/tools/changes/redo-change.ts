/**
 * redo_change: applies an undone change again (it undoes the undo), with the same checks.
 */
import { type } from 'arktype';
import { DESTRUCTIVE, defineTool } from '../../define-tool.ts';
import { requireJournal } from './services/journal-access.ts';

export const redoChange = defineTool({
  name: 'redo_change',
  title: 'Redo change',
  description: 'Reapply an undone change; refused if its files changed since.',
  input: () => type({ id: 'string' }),
  annotations: DESTRUCTIVE,
  handler: async ({ id }, ctx) => requireJournal(ctx).redo(id),
});
