import { type } from 'arktype';
import { DESTRUCTIVE, defineTool } from '../../define-tool.ts';
import { expectedRevisionArgument } from '../../services/arguments.ts';
import { requireActiveFile } from '../../services/note-access.ts';
import { trashFile } from '../../services/whole-file-edits.ts';

export const deleteActiveFile = defineTool({
  name: 'delete_active_file',
  title: 'Delete active note',
  description: 'Move the note open in Obsidian to the trash.',
  input: () => type({ 'expectedRevision?': expectedRevisionArgument }),
  annotations: DESTRUCTIVE,
  handler: async ({ expectedRevision }, ctx) =>
    trashFile(ctx.host, requireActiveFile(ctx.host), expectedRevision),
});
