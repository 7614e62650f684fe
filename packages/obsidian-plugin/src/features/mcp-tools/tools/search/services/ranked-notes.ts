/**
 * Ranked text search over the notes search scans (the host's answers, hidden notes already
 * gone): the notes that pass the query's operators (note-filters.ts), ranked by BM25 (k1 1.2,
 * b 0.75) over their weighted fields (note-document.ts), every query term optional. A note that
 * holds more of the query's terms ranks above one that holds fewer, whatever their counts
 * (coordination), so one common word repeated cannot bury the note that holds them all. With no
 * ranking term (only operators), every passing note, in path order, scores 0; a note that holds
 * a required "phrase" matches even when none of its terms rank.
 */
import type { NoteText, VaultHost } from '../../../../../host/vault-host.ts';
import { termsOf } from '../../../../semantic-search/index.ts';
import { documentOf, type NoteDocument } from './note-document.ts';
import { passesFilters } from './note-filters.ts';
import type { ParsedQuery } from './search-query.ts';

const K1 = 1.2;
const B = 0.75;

export interface RankedNote {
  document: NoteDocument;
  score: number;
  /** Share (0..1) of the query's rarity the note holds. */
  strength: number;
}

export interface Ranking {
  /** Every matching note, best first. */
  notes: RankedNote[];
  /** Query term -> idf, for picking the best lines. */
  weights: Map<string, number>;
}

export function rankNotes(
  host: VaultHost,
  notes: readonly NoteText[],
  query: ParsedQuery,
): Ranking {
  const documents = notes.map((note) => documentOf(host, note.path, note.text));
  const queryTerms = [...new Set(termsOf([...query.words, ...query.phrases].join(' ')))];
  // Only stopwords ("the", "to be"): nothing ranks, so the words must appear as written.
  const filters =
    queryTerms.length === 0 && query.words.length > 0
      ? [...query.filters, phraseOf(query.words)]
      : query.filters;
  const weights = idfOf(documents, queryTerms);
  const passing = documents.filter((document) => passesFilters(host, document, filters));
  if (queryTerms.length === 0)
    return { notes: passing.map((document) => ({ document, score: 0, strength: 0 })), weights };
  const averageLength =
    documents.reduce((sum, document) => sum + document.length, 0) / Math.max(documents.length, 1);
  const ranked = passing
    .map((document) => ({ document, ...bm25(document, weights, averageLength) }))
    // A note that holds a required phrase matches even when none of its words rank.
    .filter(({ score }) => score > 0 || query.phrases.length > 0)
    .sort((a, b) => b.score - a.score || byPath(a.document, b.document));
  return { notes: ranked, weights };
}

function phraseOf(words: readonly string[]): ParsedQuery['filters'][number] {
  return { clause: { kind: 'phrase', text: words.join(' ') }, negated: false };
}

function idfOf(documents: readonly NoteDocument[], terms: readonly string[]): Map<string, number> {
  const weights = new Map<string, number>();
  for (const term of terms) {
    const frequency = documents.filter((document) => document.terms.has(term)).length;
    if (frequency === 0) continue;
    weights.set(term, Math.log(1 + (documents.length - frequency + 0.5) / (frequency + 0.5)));
  }
  return weights;
}

/** BM25 times the share of the query's weight the note holds. */
function bm25(
  document: NoteDocument,
  weights: ReadonlyMap<string, number>,
  averageLength: number,
): { score: number; strength: number } {
  let score = 0;
  let held = 0;
  let total = 0;
  const norm = K1 * (1 - B + (B * document.length) / averageLength);
  for (const [term, idf] of weights) {
    total += idf;
    const count = document.terms.get(term);
    if (count === undefined) continue;
    held += idf;
    score += (idf * count * (K1 + 1)) / (count + norm);
  }
  const strength = total === 0 ? 0 : held / total;
  return { score: score * strength, strength };
}

const byPath = (a: NoteDocument, b: NoteDocument) =>
  a.path < b.path ? -1 : a.path > b.path ? 1 : 0;
