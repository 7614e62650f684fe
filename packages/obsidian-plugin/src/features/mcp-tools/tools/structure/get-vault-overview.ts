/**
 * get_vault_overview: one call to get oriented in a vault. Counts (notes, other files and the
 * bases among them, folders, distinct tags), each top-level folder with the notes inside it at any depth, the most used
 * tags (rolled up, as list_tags counts them) and the most recently modified files.
 * Cost: nothing per file on a host that keeps the counts, the tag tally and the newest files
 * (NodeHost); otherwise one pass over the files, one over the notes' tags and one selection
 * pass for the recent files.
 */
import { type } from 'arktype';
import type { FileCounts, VaultHost } from '../../../../host/vault-host.ts';
import { READ_ONLY, defineTool } from '../../define-tool.ts';
import { takePage } from '../../services/list-limits.ts';
import { byName, isNote, recentFiles } from '../../services/note-files.ts';
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
    const files = host.indexed?.()?.fileCounts() ?? countFiles(host);
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

/** One pass over the files and folders, for a host that keeps no counts. */
function countFiles(host: VaultHost): FileCounts {
  const folders = host.listFolders();
  const topFolders = new Map<string, number>();
  for (const folder of folders) if (!folder.path.includes('/')) topFolders.set(folder.path, 0);
  let notes = 0;
  let otherFiles = 0;
  let bases = 0;
  let rootNotes = 0;
  for (const file of host.listFiles()) {
    if (!isNote(file)) {
      otherFiles++;
      if (file.extension === 'base') bases++;
      continue;
    }
    notes++;
    const slash = file.path.indexOf('/');
    if (slash === -1) rootNotes++;
    else {
      const top = file.path.slice(0, slash);
      topFolders.set(top, (topFolders.get(top) ?? 0) + 1);
    }
  }
  return { notes, otherFiles, bases, folders: folders.length, rootNotes, topFolders };
}

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
