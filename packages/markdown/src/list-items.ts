/**
 * List items of every list in the note, in document order, with Obsidian's `parent` rule: an item
 * of a nested list points at the line of the item that holds the list; an item of a top-level list
 * (or of a list in a blockquote) has the negated line of its list's first line, and -1 for a list
 * on line 0. Obsidian ends an item where its own text ends: before a nested list on a later line,
 * and at the blank line that separates it from its next sibling.
 */
import type { BlockCache, ListItemCache } from 'obsidian';
import { blockIdsOf } from './block-ids.ts';
import type { Block } from './block-tree.ts';
import type { LineTable } from './positions.ts';

function ownChildren(item: Block): Block[] {
  const firstList = item.children.findIndex((child) => child.type === 'list');
  return firstList === -1 ? item.children : item.children.slice(0, firstList);
}

function itemEnd(item: Block): number {
  const firstList = item.children.findIndex((child) => child.type === 'list');
  if (firstList > 0) return (item.children[firstList - 1] as Block).end;
  if (firstList === -1 && item.endBeforeSibling !== -1) return item.endBeforeSibling;
  return item.end;
}

export function buildListItems(
  root: Block,
  lines: LineTable,
  blocks: Record<string, BlockCache>,
): ListItemCache[] {
  const items: ListItemCache[] = [];
  const idOf = blockIdsOf(lines.text);
  const visit = (block: Block, holder: Block | null): void => {
    for (const child of block.children) {
      if (child.type === 'list') {
        const parent =
          holder !== null ? holder.startLine : child.startLine === 0 ? -1 : -child.startLine;
        for (const item of child.children) {
          const entry: ListItemCache = { position: lines.pos(item.start, itemEnd(item)), parent };
          if (item.task !== undefined) entry.task = item.task;
          const own = ownChildren(item);
          const id = idOf(own[own.length - 1]);
          if (id !== undefined) {
            entry.id = id;
            blocks[id] = { id, position: entry.position };
          }
          items.push(entry);
          visit(item, item);
        }
      } else if (child.children.length > 0) {
        visit(child, holder);
      }
    }
  };
  visit(root, null);
  return items;
}
