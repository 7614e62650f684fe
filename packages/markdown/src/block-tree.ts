/**
 * The block tree the block parser builds: containers (root, blockquote, list, listItem,
 * footnoteDefinition) hold child blocks; leaves hold lines. Only what the metadata needs is kept:
 * offsets, heading levels, task characters and the ranges the inline scanner reads.
 * Invariants: `start <= end`; a container's `end` is its last child's end once it is closed;
 * offsets index the note's full text.
 */

export type BlockType =
  | 'root'
  | 'blockquote'
  | 'list'
  | 'listItem'
  | 'footnoteDefinition'
  | 'paragraph'
  | 'heading'
  | 'code'
  | 'html'
  | 'math'
  | 'comment'
  | 'table'
  | 'thematicBreak';

export class Block {
  children: Block[] = [];
  open = true;
  end: number;
  /** Line index of the last line added to a leaf. */
  lastLine: number;
  /** Start of the last line's content and end of the line before it (paragraphs, for tables). */
  lastLineStart: number;
  previousLineEnd = -1;
  lineCount = 0;
  /** Range the inline scanner reads (headings exclude their `#` markers). */
  inlineStart = -1;
  inlineEnd = -1;
  level = 0;
  /** listItem: the character between the brackets of `- [x]`. */
  task: string | undefined = undefined;
  /** list and listItem: the bullet character, or the ordered delimiter `.` or `)`. */
  marker = '';
  /** listItem: columns a line needs to be indented by to continue the item. */
  contentIndent = 0;
  /** listItem: Obsidian ends an item at the blank line before its next sibling. */
  endBeforeSibling = -1;
  /** code: the fence character code (0 for indented code), its length and indentation. */
  fenceChar = 0;
  fenceLength = 0;
  fenceIndent = 0;
  htmlKind = 0;
  /** math and comment: the closing marker has been seen; the next line ends the block. */
  closed = false;
  /** footnoteDefinition: the label. */
  label = '';

  constructor(
    public type: BlockType,
    readonly parent: Block | null,
    readonly start: number,
    readonly startLine: number,
  ) {
    this.end = start;
    this.lastLine = startLine;
    this.lastLineStart = start;
  }

  get lastChild(): Block | undefined {
    return this.children[this.children.length - 1];
  }
}
