/**
 * get_backlinks: the files linking to a file, each with its number of links, from the resolved
 * link graph. With includeUnresolved, also the notes whose unresolved links name the path
 * (services/link-names.ts), which is how to find what links to a note that does not exist yet:
 * then a missing path is not an error. Most links first, ties by path.
 * Cost: the host's backlinks of the path (NodeHost keeps them, ADR-0044); with includeUnresolved,
 * one pass over the unresolved links.
 */
import { ToolError } from '@mcp-connector/shared';
import { type } from 'arktype';
import type { VaultHost } from '../../../../host/vault-host.ts';
import { normalizeVaultPath } from '../../../../host/vault-path.ts';
import { READ_ONLY, defineTool } from '../../define-tool.ts';
import { limitArgument, takePage } from '../../services/list-limits.ts';
import { linkTargetKey, linkpathNames } from '../../services/link-names.ts';
import { byName } from '../../services/note-files.ts';

interface Backlink {
  source: string;
  count: number;
  resolved: boolean;
}

export const getBacklinks = defineTool({
  name: 'get_backlinks',
  title: 'Backlinks',
  description:
    'Files linking to a file, with counts; includeUnresolved adds unresolved links naming it (even with no such note).',
  input: () => type({ path: 'string', 'includeUnresolved?': 'boolean', 'limit?': limitArgument }),
  annotations: READ_ONLY,
  handler: async ({ path: rawPath, includeUnresolved = false, limit }, ctx) => {
    const path = normalizeVaultPath(rawPath, ctx.host.configDir);
    const exists = requireTarget(ctx.host, path, includeUnresolved);
    const backlinks = exists ? resolvedBacklinks(ctx.host, path) : [];
    if (includeUnresolved) backlinks.push(...unresolvedBacklinks(ctx.host, path, exists));
    backlinks.sort((a, b) => b.count - a.count || byName(a.source, b.source));
    const page = takePage(backlinks, limit);
    return { path, exists, backlinks: page.items, total: page.total, truncated: page.truncated };
  },
});

/** Whether the file exists; a folder, or a missing file without includeUnresolved, fails. */
function requireTarget(host: VaultHost, path: string, includeUnresolved: boolean): boolean {
  if (host.getFile(path) !== null) return true;
  if (host.getFolder(path) !== null) {
    throw new ToolError('not_a_file', `${path} is a folder; backlinks exist for files.`, { path });
  }
  if (includeUnresolved) return false;
  throw new ToolError(
    'not_found',
    `No file ${path}. To find notes linking to it before it exists, pass includeUnresolved: true.`,
    { path },
  );
}

function resolvedBacklinks(host: VaultHost, path: string): Backlink[] {
  return Object.entries(host.answers().backlinksOf(path)).map(([source, count]) => ({
    source,
    count,
    resolved: true,
  }));
}

function unresolvedBacklinks(host: VaultHost, path: string, exists: boolean): Backlink[] {
  const target = exists ? path.toLowerCase() : linkTargetKey(path);
  const backlinks: Backlink[] = [];
  for (const [source, linkpaths] of Object.entries(host.unresolvedLinks())) {
    let count = 0;
    for (const [linkpath, times] of Object.entries(linkpaths)) {
      if (linkpathNames(linkpath, source, target)) count += times;
    }
    if (count > 0) backlinks.push({ source, count, resolved: false });
  }
  return backlinks;
}
