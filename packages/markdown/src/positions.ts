/**
 * The line table of a note: where each line starts and where its content ends (before "\n" or
 * "\r\n"), and the conversion of string offsets into Obsidian's 0-based `{line, col, offset}`.
 * Invariants: offsets and columns count UTF-16 code units, as Obsidian's do; a text ending in a
 * line break has a last, empty line; `starts` is strictly increasing.
 */
import type { Loc, Pos } from 'obsidian';

export class LineTable {
  readonly starts: number[] = [];
  /** Offset where each line's content ends, i.e. where its line ending (if any) begins. */
  readonly ends: number[] = [];

  constructor(readonly text: string) {
    let start = 0;
    for (;;) {
      const newline = text.indexOf('\n', start);
      this.starts.push(start);
      if (newline === -1) {
        this.ends.push(text.length);
        return;
      }
      this.ends.push(
        newline > start && text.charCodeAt(newline - 1) === 13 ? newline - 1 : newline,
      );
      start = newline + 1;
    }
  }

  get count(): number {
    return this.starts.length;
  }

  lineOf(offset: number): number {
    const starts = this.starts;
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if ((starts[middle] as number) <= offset) low = middle;
      else high = middle - 1;
    }
    return low;
  }

  loc(offset: number): Loc {
    const line = this.lineOf(offset);
    return { line, col: offset - (this.starts[line] as number), offset };
  }

  pos(start: number, end: number): Pos {
    return { start: this.loc(start), end: this.loc(end) };
  }
}
