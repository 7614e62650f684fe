/**
 * The note's headings as a tree: each heading with the chain of its ancestors (the nearest
 * preceding heading of a lower level, recursively) and the line its section ends before (the
 * next heading of the same or a higher level). Built from the parser's headings, so a `# x`
 * inside a code fence, a comment or a block quote is never a heading here.
 */
import type { HeadingCache } from 'obsidian';
import type { LineTable } from './note-lines.ts';

export interface HeadingEntry {
  /** The heading's text as written (links and formatting kept), through collapseSpaces. */
  text: string;
  level: number;
  /** Texts of its ancestors and itself, outermost first. */
  path: string[];
  /** Level of the outermost heading of `path`. */
  rootLevel: number;
  /** First line of the heading. */
  line: number;
  /** Last line of the heading itself (a setext heading's underline). */
  lastLine: number;
  /** The line after its section: the next heading of the same or a higher level, or lines.count. */
  nextLine: number;
}

/** Whitespace runs as one space, ends trimmed, NFC (a target typed on macOS may arrive NFD). */
export function collapseSpaces(text: string): string {
  return text.normalize('NFC').replace(/\s+/g, ' ').trim();
}

export function headingEntries(
  headings: readonly HeadingCache[] | undefined,
  lines: LineTable,
): HeadingEntry[] {
  const entries: HeadingEntry[] = [];
  const open: HeadingEntry[] = [];
  for (const heading of headings ?? []) {
    const line = heading.position.start.line;
    while (open.length > 0 && (open[open.length - 1] as HeadingEntry).level >= heading.level) {
      (open.pop() as HeadingEntry).nextLine = line;
    }
    const text = collapseSpaces(heading.heading);
    const entry: HeadingEntry = {
      text,
      level: heading.level,
      path: [...open.map((ancestor) => ancestor.text), text],
      rootLevel: open[0]?.level ?? heading.level,
      line,
      lastLine: heading.position.end.line,
      nextLine: lines.count,
    };
    open.push(entry);
    entries.push(entry);
  }
  return entries;
}

export function joinPath(path: readonly string[], delimiter: string): string {
  return path.join(delimiter);
}
