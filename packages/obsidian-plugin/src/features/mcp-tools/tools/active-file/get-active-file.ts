import { type } from 'arktype';
import { READ_ONLY, defineTool } from '../../define-tool.ts';
import { readFileResult } from '../../services/file-read.ts';
import { requireActiveFile } from '../../services/note-access.ts';

export const getActiveFile = defineTool({
  name: 'get_active_file',
  title: 'Read active note',
  description: 'Read the note open in Obsidian, as get_vault_file does.',
  input: () => type({ 'format?': "'text' | 'json'" }),
  annotations: READ_ONLY,
  handler: async ({ format }, ctx) => readFileResult(ctx.host, requireActiveFile(ctx.host), format),
});
