/**
 * A canvas file read as JSON Canvas 1.0: an object with optional `nodes` and `edges` arrays,
 * each node with an id, a type and a rectangle, each edge with an id and its two node ids. Other
 * fields and unknown keys (other apps', plugins') are kept as they are. A blank file is an empty
 * canvas, as Obsidian treats it. Anything else is `invalid_canvas`, and no write touches it.
 */
import { ToolError, onFirstUse } from '@mcp-connector/shared';
import { ArkErrors, type } from 'arktype';

const canvasNode = {
  id: 'string',
  type: 'string',
  x: 'number',
  y: 'number',
  width: 'number',
  height: 'number',
} as const;
const canvasEdge = { id: 'string', fromNode: 'string', toNode: 'string' } as const;
const canvasFile = onFirstUse(() =>
  type({ 'nodes?': type(canvasNode).array(), 'edges?': type(canvasEdge).array() }),
);
type CanvasShape = ReturnType<typeof canvasFile>['infer'];

export type CanvasNode = NonNullable<CanvasShape['nodes']>[number] & Record<string, unknown>;
export type CanvasEdge = NonNullable<CanvasShape['edges']>[number] & Record<string, unknown>;

export interface CanvasDocument {
  /** The file's text, exactly as read. */
  text: string;
  nodes: CanvasNode[];
  edges: CanvasEdge[];
}

export function parseCanvas(path: string, text: string): CanvasDocument {
  if (text.trim() === '') return { text, nodes: [], edges: [] };
  let value: unknown;
  try {
    value = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    throw invalidCanvas(path, error instanceof Error ? error.message : 'not JSON');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw invalidCanvas(path, 'the top level is not an object');
  }
  const checked = canvasFile()(value);
  if (checked instanceof ArkErrors) throw invalidCanvas(path, checked.summary);
  return {
    text,
    nodes: checked.nodes ?? [],
    edges: checked.edges ?? [],
  };
}

function invalidCanvas(path: string, problem: string): ToolError {
  return new ToolError(
    'invalid_canvas',
    `${path} is not a valid JSON Canvas file (${problem}); open it in Obsidian to repair it, or rewrite it with create_vault_file.`,
    { path },
  );
}
