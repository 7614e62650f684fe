/** The canvas tools; listing one here registers it. */
import type { Tool } from '../../define-tool.ts';
import { addCanvasNode } from './add-canvas-node.ts';
import { connectCanvasNodes } from './connect-canvas-nodes.ts';
import { getCanvas } from './get-canvas.ts';

export const canvasTools: Tool[] = [getCanvas, addCanvasNode, connectCanvasNodes];
