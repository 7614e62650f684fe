/**
 * get_canvas: a canvas's nodes and edges with every field as stored, and its revision for the
 * canvas write tools' expectedRevision. Each list is capped by `limit`.
 */
import { type } from 'arktype';
import { READ_ONLY, defineTool } from '../../define-tool.ts';
import { limitArgument, takePage } from '../../services/list-limits.ts';
import { readCanvas } from './services/canvas-access.ts';

export const getCanvas = defineTool({
  name: 'get_canvas',
  title: 'Read canvas',
  description:
    "A canvas's nodes and edges with all their fields, and its revision; limit caps each list.",
  input: () => type({ path: 'string', 'limit?': limitArgument }),
  annotations: READ_ONLY,
  handler: async ({ path, limit }, ctx) => {
    const { canvas, ...file } = await readCanvas(ctx.host, path);
    const nodes = takePage(canvas.nodes, limit);
    const edges = takePage(canvas.edges, limit);
    return {
      ...file,
      nodes: nodes.items,
      edges: edges.items,
      totalNodes: nodes.total,
      totalEdges: edges.total,
      truncated: nodes.truncated || edges.truncated,
    };
  },
});
