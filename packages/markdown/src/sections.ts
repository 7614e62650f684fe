/**
 * Sections: the note's root-level blocks, as Obsidian lists them (`yaml`, `heading`, `paragraph`,
 * `list`, `code`, `html`, `math`, `comment`, `table`, `thematicBreak`, `footnoteDefinition`,
 * `blockquote`, and `callout` for a blockquote whose first line is `[!type]`). A paragraph ending
 * in a block id carries it, and the id is recorded in `blocks`.
 */
import type { BlockCache, Pos, SectionCache } from 'obsidian';
import { blockIdsOf } from './block-ids.ts';
import type { Block } from './block-tree.ts';
import type { LineTable } from './positions.ts';

const CALLOUT = /^\[![^\]]+\]/;

function sectionType(block: Block, text: string): string {
  if (block.type !== 'blockquote') return block.type;
  const first = block.children[0];
  const isCallout = first?.type === 'paragraph' && CALLOUT.test(text.slice(first.start, first.end));
  return isCallout ? 'callout' : 'blockquote';
}

export function buildSections(
  root: Block,
  lines: LineTable,
  yamlPosition: Pos | null,
  blocks: Record<string, BlockCache>,
): SectionCache[] {
  const sections: SectionCache[] = [];
  const idOf = blockIdsOf(lines.text);
  if (yamlPosition !== null) sections.push({ type: 'yaml', position: yamlPosition });
  for (const block of root.children) {
    const section: SectionCache = {
      type: sectionType(block, lines.text),
      position: lines.pos(block.start, block.end),
    };
    const id = idOf(block);
    if (id !== undefined) {
      section.id = id;
      blocks[id] = { id, position: section.position };
    }
    sections.push(section);
  }
  return sections;
}
