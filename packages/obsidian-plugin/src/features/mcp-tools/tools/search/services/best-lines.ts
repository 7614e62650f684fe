/**
 * The lines of a note that best match a query: each line scored by the rarity (idf) of the
 * distinct query terms it holds, plus one for every quoted phrase it holds; the best `count`,
 * best first (ties: the earlier line), with 0-based line numbers and the line clipped to
 * `contextLength` characters on each side of its first matching word.
 */
import { termsOf } from '../../../../semantic-search/index.ts';
import { foldCase, foldedQueryPattern } from './case-fold.ts';

export interface MatchedLine {
  /** 0-based. */
  line: number;
  text: string;
}

export interface LineQuery {
  /** Query term -> its weight (idf). */
  weights: ReadonlyMap<string, number>;
  phrases: readonly string[];
  contextLength: number;
}

const WORD = /[\p{L}\p{N}]+/gu;
const PHRASE_WEIGHT = 1;

export function bestLines(text: string, query: LineQuery, count: number): MatchedLine[] {
  const phrases = query.phrases.map((phrase) => foldedQueryPattern(foldCase(phrase)));
  const scored: { line: number; score: number; at: Span; text: string }[] = [];
  text.split('\n').forEach((line, index) => {
    const { score, at } = lineScore(line, query.weights, phrases);
    if (score > 0) scored.push({ line: index, score, at, text: line });
  });
  return scored
    .sort((a, b) => b.score - a.score || a.line - b.line)
    .slice(0, count)
    .map(({ line, at, text: lineText }) => ({
      line,
      text: clip(lineText, at, query.contextLength),
    }));
}

function lineScore(
  line: string,
  weights: ReadonlyMap<string, number>,
  phrases: readonly RegExp[],
): { score: number; at: Span } {
  let score = 0;
  let at: Span | null = null;
  const seen = new Set<string>();
  for (const match of line.matchAll(WORD)) {
    const [term] = termsOf(match[0]);
    if (term === undefined || seen.has(term)) continue;
    const weight = weights.get(term);
    if (weight === undefined) continue;
    seen.add(term);
    score += weight;
    at ??= { start: match.index, end: match.index + match[0].length };
  }
  for (const phrase of phrases) {
    phrase.lastIndex = 0;
    const found = phrase.exec(line);
    if (found === null) continue;
    score += PHRASE_WEIGHT;
    if (at === null || found.index < at.start)
      at = { start: found.index, end: found.index + found[0].length };
  }
  return { score, at: at ?? { start: 0, end: 0 } };
}

/** Where a line's first match starts and ends. */
interface Span {
  start: number;
  end: number;
}

function clip(line: string, at: Span, contextLength: number): string {
  const start = Math.max(0, at.start - contextLength);
  const end = Math.min(line.length, at.end + contextLength);
  return `${start > 0 ? '…' : ''}${line.slice(start, end).trim()}${end < line.length ? '…' : ''}`;
}
