/**
 * The position of the block parser inside the current line, in string offsets and in columns.
 * Columns expand tabs to the next multiple of 4, as CommonMark requires; a tab may be consumed
 * partly (a list item's continuation takes 2 of its 4 columns), which `partiallyConsumedTab`
 * records while `offset` still points at the tab.
 */
export class LineCursor {
  protected line = 0;
  protected lineEnd = 0;
  protected offset = 0;
  protected column = 0;
  protected partiallyConsumedTab = false;
  protected nextNonspace = 0;
  protected nextNonspaceColumn = 0;
  /** Columns between the current position and the next non-space character. */
  protected indent = 0;
  /** Nothing but spaces and tabs remains on the line. */
  protected blank = false;
  /** The line and offset `nextNonspace` was last searched from. */
  private nextNonspaceLine = -1;
  private nextNonspaceFrom = 0;

  constructor(protected readonly text: string) {}

  protected startLine(line: number, start: number, end: number): void {
    this.line = line;
    this.offset = start;
    this.lineEnd = end;
    this.column = 0;
    this.partiallyConsumedTab = false;
    this.blank = false;
  }

  protected peek(): number {
    return this.offset < this.lineEnd ? this.text.charCodeAt(this.offset) : -1;
  }

  /** Where a container opened here starts: after a tab that is already partly consumed. */
  protected containerStart(): number {
    return this.partiallyConsumedTab ? this.offset + 1 : this.offset;
  }

  protected findNextNonspace(): void {
    // Consuming indentation never passes the next non-space character, so a deep nest of
    // containers does not rescan the indentation once per container.
    if (
      this.nextNonspaceLine === this.line &&
      this.offset <= this.nextNonspace &&
      this.offset >= this.nextNonspaceFrom
    ) {
      this.indent = this.nextNonspaceColumn - this.column;
      return;
    }
    this.nextNonspaceLine = this.line;
    this.nextNonspaceFrom = this.offset;
    const text = this.text;
    let i = this.offset;
    let columns = this.column;
    while (i < this.lineEnd) {
      const code = text.charCodeAt(i);
      if (code === 32) {
        i++;
        columns++;
      } else if (code === 9) {
        i++;
        columns += 4 - (columns % 4);
      } else {
        break;
      }
    }
    this.blank = i >= this.lineEnd;
    this.nextNonspace = i;
    this.nextNonspaceColumn = columns;
    this.indent = columns - this.column;
  }

  protected advanceNextNonspace(): void {
    this.offset = this.nextNonspace;
    this.column = this.nextNonspaceColumn;
    this.partiallyConsumedTab = false;
  }

  /** Advances by `count` characters, or by `count` columns when `columns` is set. */
  protected advanceOffset(count: number, columns: boolean): void {
    const text = this.text;
    while (count > 0 && this.offset < this.lineEnd) {
      if (text.charCodeAt(this.offset) === 9) {
        const toTabStop = 4 - (this.column % 4);
        if (columns) {
          this.partiallyConsumedTab = toTabStop > count;
          const advance = toTabStop > count ? count : toTabStop;
          this.column += advance;
          if (!this.partiallyConsumedTab) this.offset++;
          count -= advance;
        } else {
          this.partiallyConsumedTab = false;
          this.column += toTabStop;
          this.offset++;
          count--;
        }
      } else {
        this.partiallyConsumedTab = false;
        this.offset++;
        this.column++;
        count--;
      }
    }
  }
}
