import { type } from 'arktype';
import { ADDITIVE, defineTool } from '../../define-tool.ts';
import { expectedRevisionArgument } from '../../services/arguments.ts';
import { requireActiveFile } from '../../services/note-access.ts';
import { appendText } from '../../services/whole-file-edits.ts';

export const appendToActiveFile = defineTool({
  name: 'append_to_active_file',
  title: 'Append to active note',
  description: 'Append text on a new line to the note open in Obsidian.',
  input: () => type({ content: 'string', 'expectedRevision?': expectedRevisionArgument }),
  annotations: ADDITIVE,
  handler: async ({ content, expectedRevision }, ctx) =>
    appendText(ctx.host, requireActiveFile(ctx.host), content, expectedRevision),
});
