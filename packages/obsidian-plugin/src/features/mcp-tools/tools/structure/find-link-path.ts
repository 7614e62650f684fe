/**
 * find_link_path: a shortest chain of resolved links from one file to another, following links
 * (`out`), links to each file (`in`) or both (the default), up to `maxDepth` steps. Each step
 * names the file, how it is linked to the one before, and where (line or property). When there
 * is none the answer says so, and whether a longer chain might exist (`beyond`): false means no
 * chain exists at any length. Ties between equally short chains go to paths in code-unit order,
 * so the same vault gives the same chain.
 * Cost: one pass over the link graph; the walk stops when it reaches `to`.
 */
import { ToolError } from '@mcp-connector/shared';
import { type } from 'arktype';
import { READ_ONLY, defineTool } from '../../define-tool.ts';
import { normalizeVaultPath } from '../../../../host/vault-path.ts';
import { requireFile } from '../../services/note-access.ts';
import {
  LinkGraph,
  directionArgument,
  type Reached,
  type StepDirection,
} from './services/link-graph.ts';
import { LinkSites, type LinkSite } from './services/link-sites.ts';

/** A file of the chain: the start alone, then each step with how and where it is linked. */
interface PathStep {
  path: string;
  direction?: StepDirection;
  links?: LinkSite[];
}

export const findLinkPath = defineTool({
  name: 'find_link_path',
  title: 'Link path',
  description:
    'A shortest chain of links between two files (direction out, in or both; maxDepth 1-10, default 6), or why none.',
  input: () =>
    type({
      from: 'string',
      to: 'string',
      'direction?': directionArgument,
      'maxDepth?': '1 <= number.integer <= 10',
    }),
  annotations: READ_ONLY,
  handler: async ({ from, to, direction = 'both', maxDepth = 6 }, ctx) => {
    // Both paths are checked before either is looked up: a bad `to` is never hidden by a missing `from`.
    const [fromPath, toPath] = [from, to].map((path) =>
      normalizeVaultPath(path, ctx.host.configDir),
    );
    const start = requireFile(ctx.host, fromPath as string).path;
    const end = requireFile(ctx.host, toPath as string).path;
    if (start === end) {
      throw new ToolError('invalid_arguments', `from and to are both ${start}; give two files.`, {
        path: start,
      });
    }
    const { reached, beyond } = new LinkGraph(ctx.host.resolvedLinks()).walk(
      start,
      direction,
      maxDepth,
      end,
    );
    const byPath = new Map(reached.map((entry) => [entry.path, entry]));
    if (!byPath.has(end)) {
      const why = beyond
        ? `No chain of at most ${maxDepth} links; a longer one may exist (raise maxDepth, up to 10).`
        : `No chain of links at any length${direction === 'both' ? '' : ` in direction ${direction}; try direction both`}.`;
      return { from: start, to: end, direction, found: false, maxDepth, beyond, message: why };
    }
    const steps = chain(byPath, end);
    const sites = new LinkSites(ctx.host);
    const path: PathStep[] = [{ path: start }];
    for (const { path: at, via, direction: how } of steps)
      path.push({ path: at, direction: how, links: await sites.ofStep(via, at, how) });
    return { from: start, to: end, direction, found: true, length: steps.length, path };
  },
});

/** The steps from the start to `end`, first step first. */
function chain(byPath: Map<string, Reached>, end: string): Reached[] {
  const steps: Reached[] = [];
  for (let at = byPath.get(end); at !== undefined; at = byPath.get(at.via)) steps.unshift(at);
  return steps;
}
