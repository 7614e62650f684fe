/**
 * Block ids: `^id` (letters, digits, `-`) at the end of a paragraph's last line, after a space.
 * The id names the paragraph's section, or the list item whose own text the paragraph is.
 */
import { lastIndexOfWithin } from './characters.ts';
import type { Block } from './block-tree.ts';

const BLOCK_ID = /(?:^|\s)\^([A-Za-z0-9-]+)[ \t]*$/;

export function blockIdOf(text: string, block: Block | undefined): string | undefined {
  if (block === undefined || block.type !== 'paragraph') return undefined;
  if (lastIndexOfWithin(text, '^', block.lastLineStart, block.end) === -1) return undefined;
  return BLOCK_ID.exec(text.slice(block.lastLineStart, block.end))?.[1];
}
