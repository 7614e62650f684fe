import { type } from 'arktype';
import { defineTool } from '../../define-tool.ts';
import { requireFile } from '../../services/note-access.ts';

export const showFileInObsidian = defineTool({
  name: 'show_file_in_obsidian',
  title: 'Open in Obsidian',
  description: 'Open a file in Obsidian (newLeaf: new tab); it becomes the active file.',
  input: () => type({ filename: 'string', 'newLeaf?': 'boolean' }),
  // Changes what the user sees, never the vault.
  annotations: {
    readOnlyHint: true,
    destructiveHint: false,
    idempotentHint: true,
    openWorldHint: false,
  },
  handler: async ({ filename, newLeaf }, ctx) => {
    const file = requireFile(ctx.host, filename);
    await ctx.host.openFile(file.path, newLeaf ?? false);
    return { path: file.path, opened: true };
  },
});
