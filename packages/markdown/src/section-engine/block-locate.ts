/**
 * Finding a block by its `^id`: a paragraph (or other root block) or a list item, as the parser
 * records it. A list item's block is its own text; `lastLine` adds its nested items, so content
 * appended after an item never lands between the item and its children.
 */
import type { CachedMetadata, ListItemCache } from 'obsidian';
import type { LineTable } from './note-lines.ts';

export interface BlockTarget {
  id: string;
  /** Offsets of the block's text; a list item's starts at its marker. */
  start: number;
  end: number;
  startLine: number;
  endLine: number;
  /** Last line of the block with its nested list items. */
  lastLine: number;
  listItem: boolean;
  /** What precedes the block on its first line: a list item's indentation or quote markers. */
  indent: string;
}

export function findBlock(cache: CachedMetadata, lines: LineTable, id: string): BlockTarget | null {
  const blocks = cache.blocks ?? {};
  const key =
    id in blocks ? id : Object.keys(blocks).find((k) => k.toLowerCase() === id.toLowerCase());
  const block = key === undefined ? undefined : blocks[key];
  if (block === undefined) return null;
  const { start, end } = block.position;
  const items = cache.listItems ?? [];
  const index = items.findIndex((item) => item.id === block.id && sameStart(item, start.line));
  return {
    id: block.id,
    start: start.offset,
    end: end.offset,
    startLine: start.line,
    endLine: end.line,
    lastLine: index === -1 ? end.line : subtreeLastLine(items, index),
    listItem: index !== -1,
    indent: lines.text.slice(lines.starts[start.line], start.offset),
  };
}

function sameStart(item: ListItemCache, line: number): boolean {
  return item.position.start.line === line;
}

/** The last line of item `index` and the items nested under it (they follow it contiguously). */
function subtreeLastLine(items: readonly ListItemCache[], index: number): number {
  const self = items[index] as ListItemCache;
  const inside = new Set([self.position.start.line]);
  let last = self.position.end.line;
  for (const item of items.slice(index + 1)) {
    if (!inside.has(item.parent)) break;
    inside.add(item.position.start.line);
    last = Math.max(last, item.position.end.line);
  }
  return last;
}
