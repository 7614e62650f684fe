/**
 * connect_canvas_nodes: add an edge between two nodes of an existing canvas. Both nodes must
 * exist when the edit runs; sides not given are the sides that face each other. Connecting the
 * same nodes twice adds a second edge, as in Obsidian.
 */
import { ToolError } from '@mcp-connector/shared';
import { type } from 'arktype';
import { ADDITIVE, defineTool } from '../../define-tool.ts';
import { expectedRevisionArgument } from '../../services/arguments.ts';
import { checkColor, colorArgument, sideArgument } from './services/canvas-arguments.ts';
import { editCanvas } from './services/canvas-access.ts';
import type { CanvasDocument, CanvasNode } from './services/canvas-document.ts';
import { facingSides } from './services/canvas-geometry.ts';
import { newCanvasId } from './services/canvas-ids.ts';
import { appendCanvasItem } from './services/canvas-splice.ts';

export const connectCanvasNodes = defineTool({
  name: 'connect_canvas_nodes',
  title: 'Connect nodes',
  description:
    'Connect two canvas nodes (ids: get_canvas) with an edge; sides default to those facing each other.',
  input: () =>
    type({
      path: 'string',
      fromNode: 'string',
      toNode: 'string',
      'fromSide?': sideArgument,
      'toSide?': sideArgument,
      'label?': 'string',
      'color?': colorArgument,
      'expectedRevision?': expectedRevisionArgument,
    }),
  annotations: ADDITIVE,
  handler: async ({ path, expectedRevision, label, color, ...ends }, ctx) => {
    checkColor(color);
    const { value: edge, ...result } = await editCanvas(
      ctx.host,
      path,
      { createIfMissing: false, expectedRevision },
      (canvas, canvasPath) => {
        const from = requireNode(canvas, ends.fromNode, canvasPath);
        const to = requireNode(canvas, ends.toNode, canvasPath);
        const facing = facingSides(from, to);
        const edge: Record<string, string> = {
          id: newCanvasId(canvas),
          fromNode: from.id,
          fromSide: ends.fromSide ?? facing.fromSide,
          toNode: to.id,
          toSide: ends.toSide ?? facing.toSide,
        };
        if (color !== undefined) edge.color = color;
        if (label !== undefined) edge.label = label;
        return { text: appendCanvasItem(canvas.text, 'edges', edge), value: edge };
      },
    );
    return { path: result.path, edge, revision: result.revision };
  },
});

function requireNode(canvas: CanvasDocument, id: string, path: string): CanvasNode {
  const node = canvas.nodes.find((candidate) => candidate.id === id);
  if (node !== undefined) return node;
  throw new ToolError(
    'node_not_found',
    `No node "${id}" in ${path}; get_canvas lists its node ids, add_canvas_node adds one.`,
    { path, node: id, nodeCount: canvas.nodes.length },
  );
}
