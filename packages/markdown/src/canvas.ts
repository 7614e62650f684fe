/**
 * Links of a canvas file (`.canvas`, JSON Canvas): the links and embeds in the markdown of its
 * text nodes, and an embed for each file node (its vault path, plus its `subpath`). Obsidian counts
 * these in `resolvedLinks` like a note's. Positions are those inside each text node's own text;
 * file nodes have none, so they get the zero position. Invalid JSON yields no links.
 */
import type { CachedMetadata, EmbedCache, LinkCache, Pos } from 'obsidian';
import { parseMetadata } from './parse-metadata.ts';

interface CanvasNode {
  type?: unknown;
  text?: unknown;
  file?: unknown;
  subpath?: unknown;
}

const ZERO_POSITION: Pos = {
  start: { line: 0, col: 0, offset: 0 },
  end: { line: 0, col: 0, offset: 0 },
};

function nodesOf(json: string): CanvasNode[] {
  try {
    const canvas: unknown = JSON.parse(json);
    const nodes = (canvas as { nodes?: unknown } | null)?.nodes;
    return Array.isArray(nodes) ? (nodes as CanvasNode[]) : [];
  } catch {
    return [];
  }
}

export function parseCanvasLinks(json: string): Pick<CachedMetadata, 'links' | 'embeds'> {
  const links: LinkCache[] = [];
  const embeds: EmbedCache[] = [];
  for (const node of nodesOf(json)) {
    if (node.type === 'text' && typeof node.text === 'string') {
      const metadata = parseMetadata(node.text);
      links.push(...(metadata.links ?? []));
      embeds.push(...(metadata.embeds ?? []));
    } else if (node.type === 'file' && typeof node.file === 'string') {
      const link = typeof node.subpath === 'string' ? node.file + node.subpath : node.file;
      embeds.push({ link, original: link, displayText: link, position: ZERO_POSITION });
    }
  }
  return { links, embeds };
}
