import { type } from 'arktype';
import { IDEMPOTENT_WRITE, defineTool } from '../../define-tool.ts';
import { normalizeVaultPath } from '../../../../host/vault-path.ts';

export const createVaultDirectory = defineTool({
  name: 'create_vault_directory',
  title: 'Create folder',
  description: 'Create a folder and any missing parents; succeeds if it already exists.',
  input: () => type({ path: 'string' }),
  annotations: IDEMPOTENT_WRITE,
  handler: async ({ path }, ctx) => {
    const folder = normalizeVaultPath(path, ctx.host.configDir);
    const existed = ctx.host.getFolder(folder) !== null;
    await ctx.host.createFolder(folder);
    return { path: folder, created: !existed };
  },
});
