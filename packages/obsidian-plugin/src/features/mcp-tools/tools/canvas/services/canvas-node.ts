/**
 * A new canvas node from add_canvas_node's arguments. Each type takes its own fields and refuses
 * the others: text takes `text`; file takes `file` (an existing vault file) and an optional
 * `subpath` (a heading or block, written with its leading '#'); link takes an http(s) `url`.
 * Sizes default to Obsidian's (text 250x60, file and link 400x400); a position is given as both
 * x and y, or left to the placement rule. Fields follow Obsidian's order.
 */
import { ToolError } from '@mcp-connector/shared';
import type { VaultHost } from '../../../../../host/vault-host.ts';
import { normalizeVaultPath } from '../../../../../host/vault-path.ts';
import { requireFile } from '../../../services/note-access.ts';
import type { CanvasDocument } from './canvas-document.ts';
import { freePosition, type Rect } from './canvas-geometry.ts';

export type NodeType = 'text' | 'file' | 'link';

export interface NodeArguments {
  type: NodeType;
  text?: string;
  file?: string;
  subpath?: string;
  url?: string;
  x?: number;
  y?: number;
  width?: number;
  height?: number;
}

const OWN_FIELDS: Readonly<Record<NodeType, readonly string[]>> = {
  text: ['text'],
  file: ['file', 'subpath'],
  link: ['url'],
};
const CONTENT_FIELDS = ['text', 'file', 'subpath', 'url'] as const;

const DEFAULT_SIZES: Readonly<Record<NodeType, { width: number; height: number }>> = {
  text: { width: 250, height: 60 },
  file: { width: 400, height: 400 },
  link: { width: 400, height: 400 },
};

/** The node's type-specific fields, checked; throws before anything is written. */
export function nodeContent(host: VaultHost, args: NodeArguments): Record<string, string> {
  // A bad path is invalid_path whatever else is wrong, as for every path argument.
  const filePath =
    args.file === undefined ? undefined : normalizeVaultPath(args.file, host.configDir);
  for (const field of CONTENT_FIELDS) {
    if (args[field] !== undefined && !OWN_FIELDS[args.type].includes(field)) {
      throw invalid(`${field} does not apply to a ${args.type} node; drop it or change type.`);
    }
  }
  const need = (value: string | undefined, field: string, what: string) =>
    required(value, `A ${args.type} node needs ${field}: ${what}.`);
  if (args.type === 'text') return { text: need(args.text, 'text', 'the markdown to show') };
  if (args.type === 'link') return { url: httpUrl(need(args.url, 'url', 'an http(s) URL')) };
  const file = requireFile(host, need(filePath, 'file', 'a vault path')).path;
  return args.subpath === undefined ? { file } : { file, subpath: subpathOf(args.subpath) };
}

/** Where the node goes and how big it is, against the canvas as it is now. */
export function nodeRect(args: NodeArguments, canvas: CanvasDocument): Rect {
  const size = {
    width: args.width ?? DEFAULT_SIZES[args.type].width,
    height: args.height ?? DEFAULT_SIZES[args.type].height,
  };
  if (args.x !== undefined && args.y !== undefined) return { x: args.x, y: args.y, ...size };
  return { ...freePosition(canvas.nodes, size), ...size };
}

export function checkGeometry(args: NodeArguments): void {
  if ((args.x === undefined) !== (args.y === undefined)) {
    throw invalid('Give both x and y, or neither to place the node where it overlaps nothing.');
  }
  for (const size of [args.width, args.height]) {
    if (size !== undefined && size <= 0) throw invalid('width and height are positive pixels.');
  }
}

function required(value: string | undefined, message: string): string {
  if (value === undefined || value === '') throw invalid(message);
  return value;
}

function httpUrl(url: string): string {
  let protocol = '';
  try {
    protocol = new URL(url).protocol;
  } catch {
    // reported below
  }
  if (protocol !== 'http:' && protocol !== 'https:') {
    throw invalid(`url "${url}" is not an http(s) URL; give one like https://example.com.`);
  }
  return url;
}

function subpathOf(subpath: string): string {
  const withHash = subpath.startsWith('#') ? subpath : `#${subpath}`;
  if (withHash.length === 1)
    throw invalid('subpath is empty; give a heading or ^block, or drop it.');
  return withHash;
}

function invalid(message: string): ToolError {
  return new ToolError('invalid_arguments', message);
}
