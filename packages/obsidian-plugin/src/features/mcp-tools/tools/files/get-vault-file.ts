import { type } from 'arktype';
import { READ_ONLY, defineTool } from '../../define-tool.ts';
import { readFileResult } from '../../services/file-read.ts';
import { requireFile } from '../../services/note-access.ts';

export const getVaultFile = defineTool({
  name: 'get_vault_file',
  title: 'Read file',
  description:
    'Read a file and its revision. format "json" adds frontmatter, tags, stat; images and audio come back as media.',
  input: () => type({ path: 'string', 'format?': "'text' | 'json'" }),
  annotations: READ_ONLY,
  handler: async ({ path, format }, ctx) =>
    readFileResult(ctx.host, requireFile(ctx.host, path), format),
});
