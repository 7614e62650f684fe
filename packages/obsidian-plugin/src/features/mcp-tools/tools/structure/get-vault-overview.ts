/**
 * get_vault_overview: one call to get oriented in a vault. Counts (notes, other files, folders,
 * distinct tags), each top-level folder with the notes inside it at any depth, the most used
 * tags (rolled up, as list_tags counts them) and the most recently modified files.
 * Cost: one pass over the files; the tag counts come from the host's tally when it keeps one
 * (else one pass over the notes' tags), the recent files from one selection pass.
 */
import { type } from 'arktype';
import type { VaultFile, VaultHost } from '../../../../host/vault-host.ts';
import { READ_ONLY, defineTool } from '../../define-tool.ts';
import { takePage } from '../../services/list-limits.ts';
import { byName, isNote, recentFiles } from '../../services/note-files.ts';
import { countTags, sortTags } from './services/tag-counts.ts';

const sectionLimit = type('0 <= number.integer <= 100');

export const getVaultOverview = defineTool({
  name: 'get_vault_overview',
  title: 'Vault overview',
  description:
    'Orientation: counts of notes, files, folders, tags; top folders with note counts; top tags; recent files.',
  input: () => type({ 'topTagsLimit?': sectionLimit, 'recentFilesLimit?': sectionLimit }),
  annotations: READ_ONLY,
  handler: async ({ topTagsLimit = 10, recentFilesLimit = 10 }, ctx) => {
    const host = ctx.host;
    const files = host.listFiles();
    const notes = files.filter(isNote).length;
    const tags = sortTags(countTags(host), 'count');
    return {
      vault: host.vaultName,
      counts: {
        notes,
        otherFiles: files.length - notes,
        folders: host.listFolders().length,
        tags: tags.length,
      },
      ...topFolders(host, files),
      topTags: tags.slice(0, topTagsLimit),
      recentFiles: recentFiles(host, recentFilesLimit).files,
    };
  },
});

/** Top-level folders by name with their notes at any depth; notes at the root counted apart. */
function topFolders(host: VaultHost, files: VaultFile[]): Record<string, unknown> {
  const counts = new Map<string, number>();
  for (const folder of host.listFolders()) {
    if (!folder.path.includes('/')) counts.set(folder.path, 0);
  }
  let rootNotes = 0;
  for (const file of files) {
    if (!isNote(file)) continue;
    const slash = file.path.indexOf('/');
    if (slash === -1) rootNotes++;
    else {
      const top = file.path.slice(0, slash);
      counts.set(top, (counts.get(top) ?? 0) + 1);
    }
  }
  const folders = [...counts]
    .map(([path, notes]) => ({ path, notes }))
    .sort((a, b) => byName(a.path, b.path));
  const page = takePage(folders, undefined);
  return {
    rootNotes,
    topFolders: page.items,
    ...(page.truncated ? { topFoldersTotal: page.total } : {}),
  };
}
