/**
 * add_canvas_node: add a text, file or link node to a canvas (created if missing), placed where
 * it overlaps nothing unless x and y are given. The id and the place are chosen inside the atomic
 * edit, against the canvas as it is then; the file's other bytes are kept.
 */
import { type } from 'arktype';
import { normalizeVaultPath } from '../../../../host/vault-path.ts';
import { ADDITIVE, defineTool } from '../../define-tool.ts';
import { expectedRevisionArgument } from '../../services/arguments.ts';
import { checkColor, colorArgument } from './services/canvas-arguments.ts';
import { editCanvas } from './services/canvas-access.ts';
import { newCanvasId } from './services/canvas-ids.ts';
import { checkGeometry, nodeContent, nodeRect } from './services/canvas-node.ts';
import { appendCanvasItem } from './services/canvas-splice.ts';

export const addCanvasNode = defineTool({
  name: 'add_canvas_node',
  title: 'Add canvas node',
  description:
    'Add a text, file (vault path) or link (http/s) node to a canvas (made if missing); no x/y: placed clear of others.',
  input: () =>
    type({
      path: 'string',
      type: "'text' | 'file' | 'link'",
      'text?': 'string',
      'file?': 'string',
      'subpath?': 'string',
      'url?': 'string',
      'color?': colorArgument,
      'x?': 'number.integer',
      'y?': 'number.integer',
      'width?': 'number.integer',
      'height?': 'number.integer',
      'expectedRevision?': expectedRevisionArgument,
    }),
  annotations: ADDITIVE,
  handler: async ({ path, color, expectedRevision, ...args }, ctx) => {
    normalizeVaultPath(path, ctx.host.configDir); // path errors first, as for every tool
    checkColor(color);
    checkGeometry(args);
    const content = nodeContent(ctx.host, args);
    const { value: node, ...result } = await editCanvas(
      ctx.host,
      path,
      { createIfMissing: true, expectedRevision },
      (canvas) => {
        const rect = nodeRect(args, canvas);
        const node = { id: newCanvasId(canvas), type: args.type, ...content, ...rect };
        const colored = color === undefined ? node : { ...node, color };
        return { text: appendCanvasItem(canvas.text, 'nodes', colored), value: colored };
      },
    );
    return { path: result.path, node, created: result.created, revision: result.revision };
  },
});
