import { ToolError } from '@mcp-connector/shared';
import { type } from 'arktype';
import { DESTRUCTIVE, defineTool } from '../../define-tool.ts';
import { normalizeVaultPath } from '../../../../host/vault-path.ts';

export const deleteVaultDirectory = defineTool({
  name: 'delete_vault_directory',
  title: 'Delete folder',
  description:
    'Move a folder to the trash; a non-empty one only with recursive true, never the vault root.',
  input: () => type({ path: 'string', 'recursive?': 'boolean' }),
  annotations: DESTRUCTIVE,
  handler: async ({ path, recursive }, ctx) => {
    const folder = normalizeVaultPath(path, ctx.host.configDir);
    if (ctx.host.getFolder(folder) === null) {
      if (ctx.host.getFile(folder) !== null)
        throw new ToolError(
          'not_a_folder',
          `${folder} is a file; delete it with delete_vault_file.`,
        );
      throw new ToolError('not_found', `No folder ${folder}.`);
    }
    const prefix = `${folder}/`;
    const files = ctx.host.listFiles().filter((file) => file.path.startsWith(prefix)).length;
    const folders = ctx.host.listFolders().filter((entry) => entry.path.startsWith(prefix)).length;
    if ((files > 0 || folders > 0) && recursive !== true) {
      throw new ToolError(
        'not_empty',
        `${folder} holds ${files} files and ${folders} folders; pass recursive: true to trash it all.`,
        {
          files,
          folders,
        },
      );
    }
    await ctx.host.trashFile(folder);
    return { path: folder, trashed: true, files, folders };
  },
});
