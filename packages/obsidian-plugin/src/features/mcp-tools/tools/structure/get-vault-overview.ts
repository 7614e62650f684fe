/**
 * get_vault_overview: one call to get oriented in a vault. Counts (notes, other files and the
 * bases among them, folders, distinct tags), each top-level folder with the notes inside it at
 * any depth, the most used tags (rolled up, as list_tags counts them) and the most recently
 * modified files, all from the host's answers (VaultAnswers: kept current by NodeHost, computed
 * in a pass over the files and one over the notes' tags on ObsidianHost).
 */
import { type } from 'arktype';
import type { FileCounts } from '../../../../host/vault-host.ts';
import { READ_ONLY, defineTool } from '../../define-tool.ts';
import { takePage } from '../../services/list-limits.ts';
import { byName, recentFiles } from '../../services/note-files.ts';
import { countTags, sortTags } from './services/tag-counts.ts';

const sectionLimit = '0 <= number.integer <= 100' as const;

export const getVaultOverview = defineTool({
  name: 'get_vault_overview',
  title: 'Vault overview',
  description:
    'Orientation: counts of notes, files, folders, tags; top folders with note counts; top tags; recent files.',
  input: () => type({ 'topTagsLimit?': sectionLimit, 'recentFilesLimit?': sectionLimit }),
  annotations: READ_ONLY,
  handler: async ({ topTagsLimit = 10, recentFilesLimit = 10 }, ctx) => {
    const host = ctx.host;
    const files = host.answers().fileCounts();
    const tags = sortTags(countTags(host), 'count');
    return {
      vault: host.vaultName,
      counts: {
        notes: files.notes,
        otherFiles: files.otherFiles,
        bases: files.bases,
        folders: files.folders,
        tags: tags.length,
      },
      ...topFolders(files),
      topTags: tags.slice(0, topTagsLimit),
      recentFiles: recentFiles(host, recentFilesLimit).files,
    };
  },
});

/** Top-level folders by name with their notes at any depth; notes at the root counted apart. */
function topFolders(files: FileCounts): Record<string, unknown> {
  const folders = [...files.topFolders]
    .map(([path, notes]) => ({ path, notes }))
    .sort((a, b) => byName(a.path, b.path));
  const page = takePage(folders, undefined);
  return {
    rootNotes: files.rootNotes,
    topFolders: page.items,
    ...(page.truncated ? { topFoldersTotal: page.total } : {}),
  };
}
