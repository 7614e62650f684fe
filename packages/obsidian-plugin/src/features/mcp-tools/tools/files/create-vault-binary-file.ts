import { ToolError } from '@mcp-connector/shared';
import { type } from 'arktype';
import { ADDITIVE, defineTool } from '../../define-tool.ts';
import { expectedRevisionArgument } from '../../services/arguments.ts';
import { assertFileRevision } from '../../services/note-access.ts';
import { revisionOf } from '../../services/revision.ts';
import { refuseRevisionForMissing } from '../../services/whole-file-edits.ts';
import { normalizeVaultPath } from '../../../../host/vault-path.ts';

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

export const createVaultBinaryFile = defineTool({
  name: 'create_vault_binary_file',
  title: 'Create binary file',
  description:
    'Create a binary file (image, PDF...) from base64, with missing folders; replaces one only at expectedRevision.',
  input: () =>
    type({ path: 'string', content: 'string', 'expectedRevision?': expectedRevisionArgument }),
  annotations: ADDITIVE,
  handler: async ({ path, content, expectedRevision }, ctx) => {
    const normalized = normalizeVaultPath(path, ctx.host.configDir);
    const compact = content.replace(/\s+/g, '');
    if (!BASE64.test(compact))
      throw new ToolError('invalid_arguments', 'content is not valid base64.');
    const bytes = new Uint8Array(Buffer.from(compact, 'base64'));
    const existing = ctx.host.getFile(normalized);
    if (existing === null) {
      refuseRevisionForMissing(normalized, expectedRevision);
      await ctx.host.createBinary(normalized, bytes);
    } else if (expectedRevision === undefined) {
      throw new ToolError(
        'already_exists',
        `${normalized} already exists; pass its revision (get_vault_file) as expectedRevision to replace it.`,
        { path: normalized },
      );
    } else {
      await assertFileRevision(ctx.host, existing, expectedRevision);
      await ctx.host.modifyBinary(normalized, bytes);
    }
    return { path: normalized, size: bytes.byteLength, revision: revisionOf(bytes) };
  },
});
