/**
 * patch_active_file: patch_vault_file on the note open in Obsidian (headless: the last one shown),
 * with the same arguments minus `path` and the same implementation.
 */
import { defineTool } from '../../define-tool.ts';
import { requireActiveFile } from '../../services/note-access.ts';
import { patchNote, patchRequest } from '../../services/sections/index.ts';
import { PATCH_HINTS } from './patch-vault-file.ts';

export const patchActiveFile = defineTool({
  name: 'patch_active_file',
  title: 'Patch active note',
  description: 'patch_vault_file on the note open in Obsidian.',
  input: patchRequest,
  annotations: PATCH_HINTS,
  handler: async (request, ctx) => patchNote(ctx.host, requireActiveFile(ctx.host), request),
});
