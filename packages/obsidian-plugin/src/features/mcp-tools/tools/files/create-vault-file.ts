import { ToolError } from '@mcp-connector/shared';
import { type } from 'arktype';
import { OVERWRITE, defineTool } from '../../define-tool.ts';
import { expectedRevisionArgument } from '../../services/arguments.ts';
import { revisionOf } from '../../services/revision.ts';
import { refuseRevisionForMissing, replaceText } from '../../services/whole-file-edits.ts';
import { normalizeVaultPath } from '../../../../host/vault-path.ts';

export const createVaultFile = defineTool({
  name: 'create_vault_file',
  title: 'Write file',
  description:
    'Create a text file (and missing folders) or replace its text; expectedRevision guards against unseen edits.',
  input: () =>
    type({ path: 'string', content: 'string', 'expectedRevision?': expectedRevisionArgument }),
  annotations: OVERWRITE,
  handler: async ({ path, content, expectedRevision }, ctx) => {
    const normalized = normalizeVaultPath(path, ctx.host.configDir);
    const existing = ctx.host.getFile(normalized);
    if (existing !== null)
      return {
        ...(await replaceText(ctx.host, existing, content, expectedRevision)),
        created: false,
      };
    refuseRevisionForMissing(normalized, expectedRevision);
    if (ctx.host.getFolder(normalized) !== null)
      throw new ToolError('not_a_file', `${normalized} is a folder.`);
    await ctx.host.create(normalized, content);
    return { path: normalized, revision: revisionOf(content), created: true };
  },
});
