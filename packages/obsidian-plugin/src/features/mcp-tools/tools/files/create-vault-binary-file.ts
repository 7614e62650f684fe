import { ToolError } from '@mcp-connector/shared';
import { type } from 'arktype';
import { ADDITIVE, defineTool } from '../../define-tool.ts';
import { revisionOf } from '../../services/revision.ts';
import { normalizeVaultPath } from '../../../../host/vault-path.ts';

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

export const createVaultBinaryFile = defineTool({
  name: 'create_vault_binary_file',
  title: 'Create binary file',
  description:
    'Create a new binary file (image, PDF, ...) from base64 content; missing folders are created. Never overwrites.',
  input: type({ path: 'string', content: 'string' }),
  annotations: ADDITIVE,
  handler: async ({ path, content }, ctx) => {
    const normalized = normalizeVaultPath(path, ctx.host.configDir);
    const compact = content.replace(/\s+/g, '');
    if (!BASE64.test(compact))
      throw new ToolError('invalid_arguments', 'content is not valid base64.');
    const bytes = new Uint8Array(Buffer.from(compact, 'base64'));
    const file = await ctx.host.createBinary(normalized, bytes);
    return { path: file.path, size: bytes.byteLength, revision: revisionOf(bytes) };
  },
});
