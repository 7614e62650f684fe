import { ToolError } from '@mcp-connector/shared';
import { type } from 'arktype';
import { normalizeVaultPath } from '../../../host/vault-path.ts';
import type { VaultFile, VaultHost } from '../../../host/vault-host.ts';
import { READ_ONLY, defineTool } from '../define-tool.ts';
import { revisionOf } from '../revision.ts';
import { bareTags } from '../tags.ts';
import { capText } from '../text-cap.ts';

export const getVaultFile = defineTool({
  name: 'get_vault_file',
  title: 'Read file',
  description:
    'Read a vault file. format "json" adds frontmatter, tags and stat. Returns revision for expectedRevision on writes.',
  input: type({ path: 'string', 'format?': "'text' | 'json'" }),
  annotations: READ_ONLY,
  handler: async ({ path, format }, ctx) => {
    const file = requireTextFile(ctx.host, normalizeVaultPath(path, ctx.host.configDir));
    const content = await ctx.host.read(file.path);
    const capped = capText(content);
    const result: Record<string, unknown> = {
      path: file.path,
      content: capped.text,
      revision: revisionOf(content),
    };
    if (capped.truncated) {
      result.text_truncated = true;
      result.hint = `Showing ${capped.text.length} of ${capped.totalBytes} bytes. Read on with get_vault_file_partial (mode "lines", startLine ${capped.nextLine}).`;
    }
    if (format === 'json') {
      const cache = ctx.host.getFileCache(file.path);
      result.frontmatter = cache?.frontmatter ?? {};
      result.tags = bareTags(ctx.host.getAllTags(file.path));
      result.stat = file.stat;
    }
    return result;
  },
});

const TEXT_EXTENSIONS = new Set([
  'md',
  'canvas',
  'base',
  'txt',
  'json',
  'csv',
  'css',
  'js',
  'html',
  'svg',
]);

function requireTextFile(host: VaultHost, path: string): VaultFile {
  const file = host.getFile(path);
  if (file === null) {
    const hint =
      host.getFolder(path) === null
        ? 'list_vault_files shows what exists'
        : 'it is a folder; use list_vault_files';
    throw new ToolError('not_found', `No file ${path}; ${hint}.`);
  }
  if (!TEXT_EXTENSIONS.has(file.extension.toLowerCase())) {
    throw new ToolError('unsupported', `${path} is not a text file (.${file.extension}).`);
  }
  return file;
}
