/**
 * One note's text as the section engine reads it: the metadata parsed from this very text (never
 * a possibly stale cache), its line table and line-ending style, and line helpers (blank lines,
 * the visible line count, agent content as lines, splicing).
 * Invariants: lines are 0-based, as Obsidian's positions; a final line break does not start a
 * visible line; offsets count UTF-16 code units.
 */
import { parseMetadata } from '../parse-metadata.ts';
import { LineTable } from '../positions.ts';
import type { CachedMetadata } from 'obsidian';

export { LineTable };

export type Eol = '\n' | '\r\n';

export interface NoteText {
  text: string;
  lines: LineTable;
  cache: CachedMetadata;
  eol: Eol;
}

export function noteText(text: string): NoteText {
  return { text, lines: new LineTable(text), cache: parseMetadata(text), eol: eolOf(text) };
}

/** The note's line ending, judged by its first line break (LF when it has none). */
export function eolOf(text: string): Eol {
  const newline = text.indexOf('\n');
  return newline > 0 && text.charCodeAt(newline - 1) === 13 ? '\r\n' : '\n';
}

export function lineText(lines: LineTable, line: number): string {
  return lines.text.slice(lines.starts[line], lines.ends[line]);
}

export function isBlankLine(lines: LineTable, line: number): boolean {
  return lineText(lines, line).trim() === '';
}

/** How many lines a reader sees: '' has none, and "a\n" has one. */
export function visibleLineCount(lines: LineTable): number {
  if (lines.text === '') return 0;
  const last = lines.count - 1;
  return last > 0 && lines.starts[last] === lines.text.length ? last : lines.count;
}

/** The first line in [from, to) with non-blank text, or -1. */
export function firstNonBlank(lines: LineTable, from: number, to: number): number {
  for (let line = from; line < to; line++) if (!isBlankLine(lines, line)) return line;
  return -1;
}

/** The last line in [from, to) with non-blank text, or -1. */
export function lastNonBlank(lines: LineTable, from: number, to: number): number {
  for (let line = to - 1; line >= from; line--) if (!isBlankLine(lines, line)) return line;
  return -1;
}

/** Offset where `line` starts, or the end of the text for the line after the last. */
export function lineStart(lines: LineTable, line: number): number {
  return lines.starts[line] ?? lines.text.length;
}

export function lineEnd(lines: LineTable, line: number): number {
  return lines.ends[line] ?? lines.text.length;
}

/** Agent content as lines: any line endings accepted, blank lines around it dropped. */
export function contentLines(content: string): string[] {
  const lines = content.replace(/\r\n?/g, '\n').split('\n');
  let first = 0;
  let last = lines.length - 1;
  while (first <= last && (lines[first] as string).trim() === '') first++;
  while (last >= first && (lines[last] as string).trim() === '') last--;
  return lines.slice(first, last + 1);
}

export function splice(text: string, start: number, end: number, insert: string): string {
  return text.slice(0, start) + insert + text.slice(end);
}
