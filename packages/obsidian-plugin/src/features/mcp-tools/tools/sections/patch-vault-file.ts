/**
 * patch_vault_file: edit inside one part of a note (under a heading, at a block, one frontmatter
 * key) and leave the rest byte for byte as it was. The work is services/sections' patchNote.
 */
import { type } from 'arktype';
import { defineTool, type ToolHints } from '../../define-tool.ts';
import { requireFile } from '../../services/note-access.ts';
import { patchFields, patchNote } from '../../services/sections/index.ts';

/** Replace can drop text; append is not idempotent; nothing leaves the vault. */
export const PATCH_HINTS: ToolHints = {
  readOnlyHint: false,
  destructiveHint: true,
  idempotentHint: false,
  openWorldHint: false,
};

export const patchVaultFile = defineTool({
  name: 'patch_vault_file',
  title: 'Patch note section',
  description:
    'Append, prepend or replace under a heading (target "A::B"), at a block (^id) or in a frontmatter key (JSON parsed). Rest kept.',
  input: () => type({ path: 'string', ...patchFields }),
  annotations: PATCH_HINTS,
  handler: async ({ path, ...request }, ctx) =>
    patchNote(ctx.host, requireFile(ctx.host, path), request),
});
