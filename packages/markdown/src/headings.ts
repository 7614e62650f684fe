/**
 * Headings of the note: root-level ATX and setext headings (Obsidian does not list headings inside
 * blockquotes, callouts or lists). The text is the raw markdown between the markers, so links and
 * formatting in it are kept as written.
 */
import type { HeadingCache } from 'obsidian';
import type { Block } from './block-tree.ts';
import type { LineTable } from './positions.ts';

function headingText(text: string, heading: Block): string {
  const raw = text.slice(heading.inlineStart, heading.inlineEnd);
  return raw.includes('\n')
    ? raw
        .split(/\r?\n/)
        .map((line) => line.trim())
        .join('\n')
    : raw.trim();
}

export function buildHeadings(root: Block, lines: LineTable): HeadingCache[] {
  const headings: HeadingCache[] = [];
  for (const block of root.children) {
    if (block.type !== 'heading') continue;
    headings.push({
      heading: headingText(lines.text, block),
      level: block.level,
      position: lines.pos(block.start, block.end),
    });
  }
  return headings;
}
