import { type } from 'arktype';
import { DESTRUCTIVE, defineTool } from '../../define-tool.ts';
import { expectedRevisionArgument } from '../../services/arguments.ts';
import { requireFile } from '../../services/note-access.ts';
import { trashFile } from '../../services/whole-file-edits.ts';

export const deleteVaultFile = defineTool({
  name: 'delete_vault_file',
  title: 'Delete file',
  description:
    "Move a file to the trash (Obsidian's choice: system or .trash); it can be restored.",
  input: () => type({ path: 'string', 'expectedRevision?': expectedRevisionArgument }),
  annotations: DESTRUCTIVE,
  handler: async ({ path, expectedRevision }, ctx) =>
    trashFile(ctx.host, requireFile(ctx.host, path), expectedRevision),
});
