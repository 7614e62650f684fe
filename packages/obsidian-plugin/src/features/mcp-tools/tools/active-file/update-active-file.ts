import { type } from 'arktype';
import { OVERWRITE, defineTool } from '../../define-tool.ts';
import { expectedRevisionArgument } from '../../services/arguments.ts';
import { requireActiveFile } from '../../services/note-access.ts';
import { replaceText } from '../../services/whole-file-edits.ts';

export const updateActiveFile = defineTool({
  name: 'update_active_file',
  title: 'Replace active note',
  description: 'Replace the whole text of the note open in Obsidian.',
  input: () => type({ content: 'string', 'expectedRevision?': expectedRevisionArgument }),
  annotations: OVERWRITE,
  handler: async ({ content, expectedRevision }, ctx) =>
    replaceText(ctx.host, requireActiveFile(ctx.host), content, expectedRevision),
});
