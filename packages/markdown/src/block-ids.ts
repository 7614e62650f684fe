/**
 * Block ids: `^id` (letters, digits, `-`) at the end of a paragraph's last line, after a space.
 * The id names the paragraph's section, or the list item whose own text the paragraph is.
 */
import { firstAtOrAfter, offsetsOf } from './characters.ts';
import type { Block } from './block-tree.ts';

const BLOCK_ID = /(?:^|\s)\^([A-Za-z0-9-]+)[ \t]*$/;

/**
 * The block id of each block of one text (undefined for a block that carries none). The text's
 * `^`s are found once: looking through each paragraph's last line for one, a character at a
 * time, was most of the time sections took.
 */
export function blockIdsOf(text: string): (block: Block | undefined) => string | undefined {
  const carets = offsetsOf(text, '^');
  return (block) => {
    if (block === undefined || block.type !== 'paragraph') return undefined;
    const caret = carets[firstAtOrAfter(carets, block.lastLineStart)];
    if (caret === undefined || caret >= block.end) return undefined;
    return BLOCK_ID.exec(text.slice(block.lastLineStart, block.end))?.[1];
  };
}
