/**
 * Opening blocks at the current position of a line, in CommonMark's order of precedence
 * (blockquote, ATX heading, fence, HTML, setext heading, thematic break, list item, indented
 * code), with GFM tables and Obsidian's `$$` math and `%%` comment blocks.
 * Invariants, from the fixtures captured in Obsidian: a container starts where its enclosing
 * container's content starts, so the indentation before `>` or a list marker belongs to it; a task
 * marker `[x]` is part of its list item's prefix, so what follows it on the line is parsed as
 * blocks (`- [ ] 1. text` holds a nested ordered list).
 */
import { indexOfWithin, isBlankRange, isSpaceOrTab } from './characters.ts';
import type { Block } from './block-tree.ts';
import {
  atxHeadingContent,
  atxHeadingLevel,
  fenceAt,
  footnoteDefinitionEnd,
  htmlBlockKind,
  isThematicBreak,
  listMarkerAt,
  setextLevel,
  tableCellCount,
  tableDelimiterCells,
} from './block-starts.ts';
import { BlockTreeBuilder } from './block-tree-builder.ts';

export const NO_START = 0;
export const CONTAINER_START = 1;
export const LEAF_START = 2;

export class BlockOpeners extends BlockTreeBuilder {
  /** Opens the block that starts at the next non-space character, if any. */
  protected openBlock(container: Block): number {
    if (this.indent < 4) {
      const started = this.openUnindentedBlock(container, this.nextNonspace);
      if (started !== NO_START) return started;
      if (this.openListItem(container)) return CONTAINER_START;
    } else if (this.tip.type !== 'paragraph') {
      const start = this.containerStart();
      this.advanceOffset(4, true);
      this.closeUnmatchedBlocks();
      this.addChild('code', start);
      return LEAF_START;
    }
    return NO_START;
  }

  private openUnindentedBlock(container: Block, at: number): number {
    const text = this.text;
    const lineEnd = this.lineEnd;
    const interruptsParagraph = container.type === 'paragraph';
    switch (text.charCodeAt(at)) {
      case 62 /* > */: {
        const start = this.containerStart();
        this.closeUnmatchedBlocks();
        this.consumeBlockquoteMarker(this.addChild('blockquote', start));
        return CONTAINER_START;
      }
      case 35 /* # */: {
        const level = atxHeadingLevel(text, at, lineEnd);
        if (level === 0) break;
        this.closeUnmatchedBlocks();
        const heading = this.addLeafLine('heading', at);
        heading.level = level;
        [heading.inlineStart, heading.inlineEnd] = atxHeadingContent(text, at, level, lineEnd);
        return LEAF_START;
      }
      case 96 /* ` */:
      case 126 /* ~ */: {
        const fence = fenceAt(text, at, lineEnd);
        if (fence === null) break;
        const fenceIndent = this.indent;
        this.closeUnmatchedBlocks();
        const code = this.addLeafLine('code', at);
        code.fenceChar = fence.char;
        code.fenceLength = fence.length;
        code.fenceIndent = fenceIndent;
        return LEAF_START;
      }
      case 36 /* $ */:
        if (text.charCodeAt(at + 1) !== 36) break;
        return this.openDelimitedBlock('math', at);
      case 37 /* % */: {
        if (text.charCodeAt(at + 1) !== 37) break;
        const close = indexOfWithin(text, '%%', at + 2, lineEnd);
        // `%% note %% more text` is a paragraph with an inline comment, not a comment block.
        if (close !== -1 && !isBlankRange(text, close + 2, lineEnd)) break;
        return this.openDelimitedBlock('comment', at);
      }
      case 60 /* < */: {
        const kind = htmlBlockKind(text, at, lineEnd, interruptsParagraph);
        if (kind === 0) break;
        // Unlike other leaves, an HTML block keeps its indentation (as micromark's does).
        const start = this.containerStart();
        this.closeUnmatchedBlocks();
        this.addChild('html', start).htmlKind = kind;
        return LEAF_START;
      }
      case 91 /* [ */: {
        const end = interruptsParagraph ? -1 : footnoteDefinitionEnd(text, at, lineEnd);
        if (end === -1) break;
        this.advanceNextNonspace();
        this.advanceOffset(end - at, false);
        this.closeUnmatchedBlocks();
        this.addChild('footnoteDefinition', at).label = text.slice(at + 2, end - 2);
        return CONTAINER_START;
      }
    }
    if (
      interruptsParagraph &&
      (this.openTable(container, at) || this.openSetextHeading(container, at))
    ) {
      return LEAF_START;
    }
    if (isThematicBreak(text, at, lineEnd)) {
      this.closeUnmatchedBlocks();
      this.addLeafLine('thematicBreak', at);
      return LEAF_START;
    }
    return NO_START;
  }

  /** Math and comment blocks: open until a line holding the closing marker. */
  private openDelimitedBlock(type: 'math' | 'comment', at: number): number {
    this.advanceNextNonspace();
    this.closeUnmatchedBlocks();
    this.addChild(type, at);
    return LEAF_START;
  }

  /** A `===` or `---` underline turns the paragraph above into a heading. */
  private openSetextHeading(paragraph: Block, at: number): boolean {
    const level = setextLevel(this.text, at, this.lineEnd);
    if (level === 0) return false;
    paragraph.type = 'heading';
    paragraph.level = level;
    paragraph.inlineStart = paragraph.start;
    paragraph.inlineEnd = paragraph.end;
    paragraph.end = this.lineEnd;
    paragraph.lastLine = this.line;
    this.offset = this.lineEnd;
    return true;
  }

  /** A GFM delimiter row under a paragraph turns the paragraph's last line into a table header. */
  private openTable(paragraph: Block, at: number): boolean {
    const first = this.text.charCodeAt(at);
    if (first !== 124 /* | */ && first !== 45 /* - */ && first !== 58 /* : */) return false;
    const cells = tableDelimiterCells(this.text, at, this.lineEnd);
    if (cells === 0) return false;
    const headerStart = paragraph.lastLineStart;
    const headerEnd = paragraph.end;
    if (tableCellCount(this.text, headerStart, headerEnd) !== cells) return false;
    const header = this.text.slice(headerStart, headerEnd);
    if (!header.includes('|') && !this.text.slice(at, this.lineEnd).includes('|')) return false;
    let table = paragraph;
    if (paragraph.lineCount > 1) {
      paragraph.end = paragraph.previousLineEnd;
      this.finalize(paragraph);
      table = this.addChild('table', headerStart, paragraph.lastLine);
    } else {
      table.type = 'table';
    }
    table.end = this.lineEnd;
    table.lastLine = this.line;
    this.offset = this.lineEnd;
    return true;
  }

  private openListItem(container: Block): boolean {
    const list = listMarkerAt(this.text, this.nextNonspace, this.lineEnd);
    if (list === null) return false;
    if (container.type === 'paragraph') {
      // Only a non-empty item, and an ordered one only from 1, can interrupt a paragraph.
      if (isBlankRange(this.text, this.nextNonspace + list.length, this.lineEnd)) return false;
      if (list.startNumber !== -1 && list.startNumber !== 1) return false;
    }
    const start = this.containerStart();
    const markerIndent = this.indent;
    const markerEnd = this.nextNonspace + list.length;
    this.advanceNextNonspace();
    this.advanceOffset(list.length, true);
    const padding = this.consumeMarkerPadding(list.length);

    this.closeUnmatchedBlocks();
    if (this.tip.type !== 'list' || this.tip.marker !== list.marker) {
      this.addChild('list', start).marker = list.marker;
    } else {
      const previous = this.tip.lastChild;
      if (previous !== undefined && this.previousLineBlank) {
        previous.endBeforeSibling = this.lines.ends[this.line - 1] as number;
      }
    }
    const item = this.addChild('listItem', start);
    item.marker = list.marker;
    item.contentIndent = markerIndent + padding;
    item.end = markerEnd;
    this.openTask(item);
    return true;
  }

  /** Spaces after a list marker: 1 to 4 belong to the marker; 5 or more start indented code. */
  private consumeMarkerPadding(markerLength: number): number {
    const spacesStartColumn = this.column;
    const spacesStartOffset = this.offset;
    do {
      this.advanceOffset(1, true);
    } while (this.column - spacesStartColumn < 5 && isSpaceOrTab(this.peek()));
    const spaces = this.column - spacesStartColumn;
    if (spaces >= 5 || spaces < 1 || this.offset >= this.lineEnd) {
      this.column = spacesStartColumn;
      this.offset = spacesStartOffset;
      this.partiallyConsumedTab = false;
      if (isSpaceOrTab(this.peek())) this.advanceOffset(1, true);
      return markerLength + 1;
    }
    return markerLength + spaces;
  }

  /** `[x]` right after the marker, then a space or the line end: the item is a task. */
  private openTask(item: Block): void {
    const text = this.text;
    const at = this.offset;
    if (text.charCodeAt(at) !== 91 /* [ */ || at + 2 >= this.lineEnd) return;
    if (text.charCodeAt(at + 2) !== 93 /* ] */) return;
    if (at + 3 < this.lineEnd && !isSpaceOrTab(text.charCodeAt(at + 3))) return;
    item.task = text.charAt(at + 1);
    item.end = at + 3;
    this.advanceOffset(3, false);
    if (isSpaceOrTab(this.peek())) this.advanceOffset(1, true);
  }
}
