/**
 * Blank-line layout around inserted content: content joins its neighbouring block directly when
 * both are runs of the same kind (list items, table rows, quote lines), so a list stays one
 * list; otherwise one blank line separates them, so a new paragraph never merges into the text
 * before it and a line never becomes a table row by accident.
 */
import type { CachedMetadata } from 'obsidian';
import type { Eol } from './note-lines.ts';

type RunKind = 'list' | 'table' | 'quote' | 'other';

const LIST_ITEM = /^[ \t]*(?:[-*+]|\d{1,9}[.)])(?:[ \t]|$)/;

/** The kind of run a line of agent content starts or ends. */
export function lineKind(line: string): RunKind {
  if (LIST_ITEM.test(line)) return 'list';
  const trimmed = line.trimStart();
  if (trimmed.startsWith('|')) return 'table';
  if (trimmed.startsWith('>')) return 'quote';
  return 'other';
}

/** The kind of the note's block that holds `line`, from the parser's sections. */
export function blockKindAt(cache: CachedMetadata, line: number): RunKind {
  const section = cache.sections?.find(
    (candidate) => candidate.position.start.line <= line && line <= candidate.position.end.line,
  );
  switch (section?.type) {
    case 'list':
      return 'list';
    case 'table':
      return 'table';
    case 'blockquote':
    case 'callout':
      return 'quote';
    default:
      return 'other';
  }
}

/** What goes between two neighbouring blocks of these kinds. */
export function separator(before: RunKind, after: RunKind, eol: Eol): string {
  return before === after && before !== 'other' ? eol : eol + eol;
}
