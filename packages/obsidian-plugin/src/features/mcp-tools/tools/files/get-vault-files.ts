import { ToolError } from '@mcp-connector/shared';
import { type } from 'arktype';
import { READ_ONLY, defineTool } from '../../define-tool.ts';
import { RichOutput } from '../../tool-output.ts';
import { MAX_FILES_PER_CALL } from '../../services/arguments.ts';
import { readFileResult } from '../../services/file-read.ts';
import { requireFile } from '../../services/note-access.ts';
import type { VaultHost } from '../../../../host/vault-host.ts';

export const getVaultFiles = defineTool({
  name: 'get_vault_files',
  title: 'Read files',
  description:
    'Read up to 20 files; each is the get_vault_file result or its error. Media is described, not returned.',
  input: () =>
    type({
      paths: type('string[]').atMostLength(MAX_FILES_PER_CALL),
      'format?': "'text' | 'json'",
    }),
  annotations: READ_ONLY,
  handler: async ({ paths, format }, ctx) => ({
    files: await Promise.all(paths.map((path) => readOne(ctx.host, path, format))),
  }),
});

async function readOne(
  host: VaultHost,
  path: string,
  format: 'text' | 'json' | undefined,
): Promise<Record<string, unknown>> {
  try {
    const result = await readFileResult(host, requireFile(host, path), format);
    return result instanceof RichOutput
      ? { ...result.data, hint: 'Media: read it alone with get_vault_file.' }
      : result;
  } catch (error) {
    if (!(error instanceof ToolError)) throw error;
    return { path, error: error.toFailure() };
  }
}
