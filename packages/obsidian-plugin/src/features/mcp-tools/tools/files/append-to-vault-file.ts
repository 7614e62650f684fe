import { ToolError } from '@mcp-connector/shared';
import { type } from 'arktype';
import { ADDITIVE, defineTool } from '../../define-tool.ts';
import { expectedRevisionArgument } from '../../services/arguments.ts';
import { revisionOf } from '../../services/revision.ts';
import { appendText, refuseRevisionForMissing } from '../../services/whole-file-edits.ts';
import { normalizeVaultPath } from '../../../../host/vault-path.ts';

export const appendToVaultFile = defineTool({
  name: 'append_to_vault_file',
  title: 'Append to file',
  description: 'Append text to a file on a new line; creates the file (and folders) if missing.',
  input: () =>
    type({ path: 'string', content: 'string', 'expectedRevision?': expectedRevisionArgument }),
  annotations: ADDITIVE,
  handler: async ({ path, content, expectedRevision }, ctx) => {
    const normalized = normalizeVaultPath(path, ctx.host.configDir);
    const existing = ctx.host.getFile(normalized);
    if (existing !== null)
      return {
        ...(await appendText(ctx.host, existing, content, expectedRevision)),
        created: false,
      };
    refuseRevisionForMissing(normalized, expectedRevision);
    try {
      await ctx.host.create(normalized, content);
      return { path: normalized, revision: revisionOf(content), created: true };
    } catch (error) {
      // Another call created it a moment ago: append to what it wrote.
      const raced = ctx.host.getFile(normalized);
      if (!(error instanceof ToolError) || error.code !== 'already_exists' || raced === null)
        throw error;
      return { ...(await appendText(ctx.host, raced, content)), created: false };
    }
  },
});
