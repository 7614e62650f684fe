/**
 * Plain-text hits over cached notes: every non-overlapping occurrence of the query, case-folded
 * (case-fold.ts: where the folded text holds the folded query), notes in path order and
 * occurrences in text order. Every occurrence is counted (`total`), but only the first `limit`
 * get a line number and an excerpt, so a common word over a large vault costs one regular
 * expression step per occurrence and nothing more. The notes' own text is searched: no folded
 * copy is kept.
 */
import { foldedQueryPattern } from './case-fold.ts';
import type { NoteText } from '../../../../../host/vault-host.ts';

export interface TextHit {
  path: string;
  /** 0-based line the match starts on. */
  line: number;
  /** The match with up to `contextLength` characters of the note on each side. */
  excerpt: string;
}

export interface HitSearch {
  /** Already folded with `foldCase`; not empty. */
  foldedQuery: string;
  contextLength: number;
  limit: number;
}

export function findHits(
  notes: readonly NoteText[],
  search: HitSearch,
): { hits: TextHit[]; total: number } {
  const { foldedQuery, limit } = search;
  const pattern = foldedQueryPattern(foldedQuery);
  const hits: TextHit[] = [];
  let total = 0;
  for (const note of notes) {
    pattern.lastIndex = 0;
    if (hits.length >= limit) {
      // Past the hits described, occurrences are only counted: `test` makes no match object.
      while (pattern.test(note.text)) total++;
      continue;
    }
    let match = pattern.exec(note.text);
    if (match === null) continue;
    const lines = new LineCounter(note.text);
    while (match !== null) {
      total++;
      if (hits.length < limit) hits.push(describeHit(note, match.index, lines, search));
      match = pattern.exec(note.text);
    }
  }
  return { hits, total };
}

function describeHit(
  note: NoteText,
  index: number,
  lines: LineCounter,
  { foldedQuery, contextLength }: HitSearch,
): TextHit {
  const start = Math.max(0, index - contextLength);
  const end = Math.min(note.text.length, index + foldedQuery.length + contextLength);
  const excerpt = note.text.slice(
    isLowSurrogate(note.text, start) ? start - 1 : start,
    isLowSurrogate(note.text, end) ? end + 1 : end,
  );
  return { path: note.path, line: lines.lineAt(index), excerpt };
}

/** A cut here would split a surrogate pair: the excerpt widens to keep the character whole. */
function isLowSurrogate(text: string, index: number): boolean {
  const code = text.charCodeAt(index);
  return index > 0 && code >= 0xdc00 && code <= 0xdfff;
}

/** Line numbers of ascending offsets in one text, counting each line break once. */
class LineCounter {
  private offset = 0;
  private line = 0;

  constructor(private readonly text: string) {}

  lineAt(index: number): number {
    let next = this.text.indexOf('\n', this.offset);
    while (next !== -1 && next < index) {
      this.line++;
      this.offset = next + 1;
      next = this.text.indexOf('\n', this.offset);
    }
    return this.line;
  }
}
