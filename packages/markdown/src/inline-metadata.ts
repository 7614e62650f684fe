/**
 * Runs the inline scanner over every block that holds inline text (paragraphs, headings, table
 * rows and `%%` comments, at any depth) and turns what it found into Obsidian's link, embed, tag
 * and footnote-reference caches. Code, math and HTML blocks are not scanned.
 * Invariant: each list comes out in document order.
 */
import type { EmbedCache, FootnoteRefCache, LinkCache, TagCache } from 'obsidian';
import type { Block } from './block-tree.ts';
import type { FoundReference, InlineFindings } from './inline-findings.ts';
import { scanInline } from './inline-scanner.ts';
import type { LineTable } from './positions.ts';

export interface InlineMetadata {
  links: LinkCache[];
  embeds: EmbedCache[];
  tags: TagCache[];
  footnoteRefs: FootnoteRefCache[];
}

function scanBlock(block: Block, text: string, found: InlineFindings): void {
  switch (block.type) {
    case 'paragraph':
    case 'table':
    case 'comment':
      scanInline(text, block.start, block.end, found, block.type === 'table');
      return;
    case 'heading':
      scanInline(text, block.inlineStart, block.inlineEnd, found);
      return;
    default:
      for (const child of block.children) scanBlock(child, text, found);
  }
}

function toReferences(found: FoundReference[], lines: LineTable): LinkCache[] {
  // A link found inside the text of a markdown link is recorded before it; restore document order.
  for (let i = 1; i < found.length; i++) {
    if ((found[i] as FoundReference).start < (found[i - 1] as FoundReference).start) {
      found.sort((a, b) => a.start - b.start);
      break;
    }
  }
  return found.map(({ start, end, link, original, displayText }) => ({
    link,
    original,
    displayText,
    position: lines.pos(start, end),
  }));
}

export function collectInlineMetadata(root: Block, lines: LineTable): InlineMetadata {
  const found: InlineFindings = { links: [], embeds: [], tags: [], footnoteRefs: [] };
  scanBlock(root, lines.text, found);
  return {
    links: toReferences(found.links, lines),
    embeds: toReferences(found.embeds, lines),
    tags: found.tags.map(({ start, end, tag }) => ({ tag, position: lines.pos(start, end) })),
    footnoteRefs: found.footnoteRefs.map(({ start, end, id }) => ({
      id,
      position: lines.pos(start, end),
    })),
  };
}
