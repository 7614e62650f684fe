/**
 * get_note_neighbors: the files within `depth` links (1-3) of a file, following its links
 * (`out`), the links to it (`in`) or both, over the resolved link graph: nearest first, each
 * with its distance, the file it was reached from (`via`, beyond distance 1), how the two are
 * linked, and where: each link's line (or a snippet of it) or frontmatter property, and whether
 * it is a link, an embed or a frontmatter link. Unresolved links lead nowhere.
 * Cost: one pass over the link graph; the lines of each listed neighbour's linking file.
 */
import { type } from 'arktype';
import { READ_ONLY, defineTool } from '../../define-tool.ts';
import { limitArgument, takePage } from '../../services/list-limits.ts';
import { requireFile } from '../../services/note-access.ts';
import { byCodeUnits } from '../../../../host/vault-path.ts';
import { LinkGraph, directionArgument, type Reached } from './services/link-graph.ts';
import { LinkSites } from './services/link-sites.ts';

export const getNoteNeighbors = defineTool({
  name: 'get_note_neighbors',
  title: 'Note neighbours',
  description:
    "Files within depth (1-3) links of a file, out, in or both: distance, via, and each link's line or property.",
  input: () =>
    type({
      path: 'string',
      'depth?': '1 <= number.integer <= 3',
      'direction?': directionArgument,
      'limit?': limitArgument,
    }),
  annotations: READ_ONLY,
  handler: async ({ path, depth = 1, direction = 'both', limit }, ctx) => {
    const file = requireFile(ctx.host, path);
    const graph = new LinkGraph(ctx.host.resolvedLinks());
    const { reached } = graph.walk(file.path, direction, depth);
    reached.sort((a, b) => a.distance - b.distance || byCodeUnits(a.path, b.path));
    const page = takePage(reached, limit);
    const sites = new LinkSites(ctx.host);
    const neighbours = [];
    for (const entry of page.items) neighbours.push(await neighbourOf(entry, graph, sites));
    return {
      path: file.path,
      depth,
      direction,
      neighbours,
      total: page.total,
      truncated: page.truncated,
    };
  },
});

/** A reached file with the links between it and the file it was reached from. */
async function neighbourOf(
  entry: Reached,
  graph: LinkGraph,
  sites: LinkSites,
): Promise<Record<string, unknown>> {
  const { path, distance, via, direction } = entry;
  const count =
    (direction === 'in' ? 0 : graph.count(via, path)) +
    (direction === 'out' ? 0 : graph.count(path, via));
  return {
    path,
    distance,
    ...(distance > 1 ? { via } : {}),
    direction,
    linkCount: count,
    links: await sites.ofStep(via, path, direction),
  };
}
