/**
 * find_orphaned_notes: notes that no other file links to. The definition is "no backlinks": a
 * resolved link, embed or frontmatter link from any other note or canvas (a canvas file node
 * counts as an embed) makes a note linked; a note's links to itself do not, and neither do
 * unresolved links. Each orphan reports `outgoingLinks` (its resolved links to other files), so
 * the notes Obsidian's graph view calls orphans (no links either way) are those with 0; `isolated`
 * counts them over the whole result.
 * `exclude_folders` only keeps notes there out of the list: links from those folders still count.
 * Reads only the link graph, never the files.
 */
import { type } from 'arktype';
import type { LinkCounts } from '../../../../host/vault-host.ts';
import { READ_ONLY, defineTool } from '../../define-tool.ts';
import { limitArgument, takePage } from '../../services/list-limits.ts';
import { longSteps } from '../../services/long-steps.ts';
import { notesByPath } from '../../services/note-files.ts';
import { excludedFolders } from '../../services/note-scope.ts';

export const findOrphanedNotes = defineTool({
  name: 'find_orphaned_notes',
  title: 'Orphaned notes',
  description:
    "Notes nothing links to or embeds; outgoingLinks 0: none out either (an orphan in Obsidian's graph).",
  input: () => type({ 'exclude_folders?': 'string[]', 'limit?': limitArgument }),
  annotations: READ_ONLY,
  long: true,
  handler: async ({ exclude_folders, limit }, ctx) => {
    const excluded = excludedFolders(ctx.host, exclude_folders);
    const graph = ctx.host.resolvedLinks();
    const linked = linkedFromElsewhere(graph);
    const orphans: { path: string; outgoingLinks: number }[] = [];
    await longSteps(ctx, notesByPath(ctx.host), 'Looking at notes', (note) => {
      if (!linked.has(note.path) && !excluded(note.path))
        orphans.push({ path: note.path, outgoingLinks: linksOut(graph, note.path) });
    });
    const page = takePage(orphans, limit);
    return {
      orphans: page.items,
      total: page.total,
      truncated: page.truncated,
      isolated: orphans.filter((orphan) => orphan.outgoingLinks === 0).length,
    };
  },
});

/** Every path some other file links to. */
function linkedFromElsewhere(graph: LinkCounts): Set<string> {
  const linked = new Set<string>();
  for (const [source, targets] of Object.entries(graph)) {
    for (const [target, count] of Object.entries(targets)) {
      if (target !== source && count > 0) linked.add(target);
    }
  }
  return linked;
}

function linksOut(graph: LinkCounts, path: string): number {
  const targets = Object.hasOwn(graph, path) ? graph[path] : undefined;
  let count = 0;
  for (const [target, times] of Object.entries(targets ?? {})) if (target !== path) count += times;
  return count;
}
