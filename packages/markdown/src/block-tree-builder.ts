/**
 * The open blocks of the block parser and the operations on them, as in CommonMark's algorithm:
 * `tip` is the deepest open block; adding a child first closes the open blocks that cannot hold
 * it; closing a container extends its end to its last child's end; `appendLine` adds the current
 * line to a leaf and closes a leaf whose closing marker it holds.
 */
import { indexOfWithin, isBlankRange, isSpaceOrTab } from './characters.ts';
import { Block, type BlockType } from './block-tree.ts';
import { endsHtmlBlock } from './block-starts.ts';
import { LineCursor } from './line-cursor.ts';
import type { LineTable } from './positions.ts';

export function acceptsLines(type: BlockType): boolean {
  return (
    type === 'paragraph' ||
    type === 'code' ||
    type === 'html' ||
    type === 'math' ||
    type === 'comment' ||
    type === 'table'
  );
}

function canContain(parent: BlockType, child: BlockType): boolean {
  if (parent === 'list') return child === 'listItem';
  const isContainer =
    parent === 'root' ||
    parent === 'blockquote' ||
    parent === 'listItem' ||
    parent === 'footnoteDefinition';
  return isContainer && child !== 'listItem';
}

export class BlockTreeBuilder extends LineCursor {
  readonly root: Block;
  protected tip: Block;
  /** The tip when the current line began, and the deepest container the line continued. */
  protected oldTip: Block;
  protected lastMatchedContainer: Block;
  protected allClosed = true;
  protected previousLineBlank = false;

  constructor(
    protected readonly lines: LineTable,
    firstLine: number,
  ) {
    super(lines.text);
    this.root = new Block('root', null, lines.starts[firstLine] ?? lines.text.length, firstLine);
    this.tip = this.root;
    this.oldTip = this.root;
    this.lastMatchedContainer = this.root;
  }

  protected addChild(type: BlockType, start: number, line = this.line): Block {
    while (!canContain(this.tip.type, type)) this.finalize(this.tip);
    const block = new Block(type, this.tip, start, line);
    this.tip.children.push(block);
    this.tip = block;
    return block;
  }

  /** A leaf that is the whole rest of the line (heading, fence line, thematic break). */
  protected addLeafLine(type: BlockType, at: number): Block {
    const block = this.addChild(type, at);
    block.end = this.lineEnd;
    this.offset = this.lineEnd;
    return block;
  }

  protected finalize(block: Block): void {
    block.open = false;
    const last = block.lastChild;
    if (last !== undefined && last.end > block.end) block.end = last.end;
    if (block.parent !== null) this.tip = block.parent;
  }

  protected closeUnmatchedBlocks(): void {
    if (this.allClosed) return;
    while (this.oldTip !== this.lastMatchedContainer) {
      const parent = this.oldTip.parent as Block;
      this.finalize(this.oldTip);
      this.oldTip = parent;
    }
    this.allClosed = true;
  }

  /** `>` and one optional space; a blockquote reaches past the markers (and blank rest) of its lines. */
  protected consumeBlockquoteMarker(blockquote: Block): void {
    this.advanceNextNonspace();
    this.advanceOffset(1, false);
    if (isSpaceOrTab(this.peek())) this.advanceOffset(1, true);
    const reach = isBlankRange(this.text, this.offset, this.lineEnd) ? this.lineEnd : this.offset;
    if (reach > blockquote.end) blockquote.end = reach;
  }

  protected appendLine(block: Block): void {
    const lineEnd = this.lineEnd;
    switch (block.type) {
      case 'paragraph':
        block.previousLineEnd = block.end;
        block.lastLineStart = this.offset;
        break;
      case 'code':
        // Blank lines at the end of indented code are not part of it.
        if (block.fenceChar === 0 && this.blank) return;
        break;
      case 'html':
        if (block.htmlKind <= 5 && endsHtmlBlock(block.htmlKind, this.text, this.offset, lineEnd)) {
          this.endLeaf(block, lineEnd);
          this.finalize(block);
          return;
        }
        break;
      case 'math':
      case 'comment': {
        const from = block.lineCount === 0 ? this.offset + 2 : this.offset;
        const close = indexOfWithin(this.text, block.type === 'math' ? '$$' : '%%', from, lineEnd);
        if (close !== -1) {
          block.closed = true;
          this.endLeaf(block, block.type === 'comment' ? close + 2 : lineEnd);
          return;
        }
        break;
      }
    }
    this.endLeaf(block, lineEnd);
  }

  private endLeaf(block: Block, end: number): void {
    block.end = end;
    block.lastLine = this.line;
    block.lineCount++;
  }
}
