import { type } from 'arktype';
import { requireFolder } from '../../services/note-access.ts';
import type { VaultHost } from '../../../../host/vault-host.ts';
import { READ_ONLY, defineTool } from '../../define-tool.ts';
import { limitArgument, takePage } from '../../services/list-limits.ts';

export const listVaultFiles = defineTool({
  name: 'list_vault_files',
  title: 'List folder',
  description:
    'A folder\'s direct children as vault paths, folders first (ending in "/"); no directory: the vault root.',
  input: () => type({ 'directory?': 'string', 'limit?': limitArgument }),
  annotations: READ_ONLY,
  handler: async ({ directory, limit }, ctx) => {
    const folder = requireFolder(ctx.host, directory ?? '');
    const page = takePage(childrenOf(ctx.host, folder), limit);
    return { directory: folder, entries: page.items, total: page.total, truncated: page.truncated };
  },
});

function childrenOf(host: VaultHost, folder: string): string[] {
  const isChild = (path: string) => path.slice(0, path.lastIndexOf('/') + 1) === prefixOf(folder);
  const folders = host.listFolders().filter((entry) => isChild(entry.path));
  const files = host.listFiles().filter((entry) => isChild(entry.path));
  return [
    ...folders.map((entry) => `${entry.path}/`).sort(byName),
    ...files.map((entry) => entry.path).sort(byName),
  ];
}

function prefixOf(folder: string): string {
  return folder === '' ? '' : `${folder}/`;
}

function byName(a: string, b: string): number {
  return a.localeCompare(b, undefined, { numeric: true, sensitivity: 'base' });
}
