/**
 * A line-based block parser following CommonMark's algorithm (as commonmark.js implements it):
 * each line first continues the open containers it can, then opens new blocks, then adds its
 * rest to the tip (or lazily to an open paragraph). It is used instead of micromark because the
 * metadata needs block boundaries, not a syntax tree, and micromark parses about 1 MB/s where a
 * vault of 10,000 notes needs several times that.
 * Invariant: leaves start at their first non-space character and end at the end of their last
 * line (where each block starts is decided in block-openers.ts).
 */
import { isSpaceOrTab } from './characters.ts';
import type { Block } from './block-tree.ts';
import { BlockOpeners, LEAF_START, NO_START } from './block-openers.ts';
import { isClosingFence } from './block-starts.ts';
import { acceptsLines } from './block-tree-builder.ts';
import type { LineTable } from './positions.ts';

const MATCHED = 0;
const NOT_MATCHED = 1;
const LINE_DONE = 2;

/** First characters that may open a block; other lines go straight to paragraph text. */
const MAY_OPEN_BLOCK = new Uint8Array(128);
for (const char of '#`~*+-_=<>0123456789$%[|:') MAY_OPEN_BLOCK[char.charCodeAt(0)] = 1;

export function parseBlocks(lines: LineTable, firstLine: number): Block {
  const parser = new BlockParser(lines, firstLine);
  for (let line = firstLine; line < lines.count; line++) parser.addLine(line);
  return parser.finish();
}

class BlockParser extends BlockOpeners {
  addLine(line: number): void {
    this.startLine(line, this.lines.starts[line] as number, this.lines.ends[line] as number);
    this.oldTip = this.tip;
    let container = this.root;
    for (;;) {
      const last = container.lastChild;
      if (last === undefined || !last.open) break;
      container = last;
      this.findNextNonspace();
      const result = this.continues(container);
      if (result === MATCHED) continue;
      if (result === LINE_DONE) {
        this.previousLineBlank = false;
        return;
      }
      container = container.parent as Block;
      break;
    }
    this.allClosed = container === this.oldTip;
    this.lastMatchedContainer = container;

    let matchedLeaf =
      container.type !== 'paragraph' && container.type !== 'table' && acceptsLines(container.type);
    while (!matchedLeaf) {
      this.findNextNonspace();
      const first = this.text.charCodeAt(this.nextNonspace);
      const plainText = this.indent < 4 && (first >= 128 || MAY_OPEN_BLOCK[first] === 0);
      const started = this.blank || plainText ? NO_START : this.openBlock(container);
      if (started === NO_START) {
        this.advanceNextNonspace();
        break;
      }
      container = this.tip;
      matchedLeaf = started === LEAF_START;
    }

    if (!this.allClosed && !this.blank && this.tip.type === 'paragraph') {
      this.appendLine(this.tip);
    } else {
      this.closeUnmatchedBlocks();
      if (acceptsLines(container.type)) this.appendLine(container);
      else if (this.offset < this.lineEnd && !this.blank)
        this.appendLine(this.addChild('paragraph', this.offset));
    }
    this.previousLineBlank = this.blank;
  }

  finish(): Block {
    while (this.tip !== this.root) this.finalize(this.tip);
    this.finalize(this.root);
    return this.root;
  }

  private continues(block: Block): number {
    switch (block.type) {
      case 'list':
        return MATCHED;
      case 'blockquote':
        if (this.indent > 3 || this.text.charCodeAt(this.nextNonspace) !== 62 /* > */)
          return NOT_MATCHED;
        this.consumeBlockquoteMarker(block);
        return MATCHED;
      case 'listItem':
        if (this.blank) return block.children.length === 0 ? NOT_MATCHED : this.skipBlank();
        return this.continuesIndented(block.contentIndent);
      case 'footnoteDefinition':
        return this.blank ? this.skipBlank() : this.continuesIndented(4);
      case 'code':
        return this.continuesCode(block);
      case 'html':
        return this.blank && block.htmlKind >= 6 ? NOT_MATCHED : MATCHED;
      case 'math':
      case 'comment':
        return block.closed ? NOT_MATCHED : MATCHED;
      case 'paragraph':
      case 'table':
        return this.blank ? NOT_MATCHED : MATCHED;
      default:
        return NOT_MATCHED;
    }
  }

  private skipBlank(): number {
    this.advanceNextNonspace();
    return MATCHED;
  }

  private continuesIndented(columns: number): number {
    if (this.indent < columns) return NOT_MATCHED;
    this.advanceOffset(columns, true);
    return MATCHED;
  }

  private continuesCode(block: Block): number {
    if (block.fenceChar === 0) return this.blank ? this.skipBlank() : this.continuesIndented(4);
    const fence = { char: block.fenceChar, length: block.fenceLength };
    if (
      this.indent <= 3 &&
      this.text.charCodeAt(this.nextNonspace) === block.fenceChar &&
      isClosingFence(this.text, this.nextNonspace, this.lineEnd, fence)
    ) {
      block.end = this.lineEnd;
      block.lastLine = this.line;
      this.finalize(block);
      return LINE_DONE;
    }
    for (let spaces = block.fenceIndent; spaces > 0 && isSpaceOrTab(this.peek()); spaces--) {
      this.advanceOffset(1, true);
    }
    return MATCHED;
  }
}
