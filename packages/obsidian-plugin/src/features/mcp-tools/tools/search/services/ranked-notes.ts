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
import { mayHoldAnyOf } from './term-prefilter.ts';
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
  const queryTerms = [...new Set(termsOf([...query.words, ...query.phrases].join(' ')))];
  // Only stopwords ("the", "to be"): nothing ranks, so the words must appear as written.
  const filters =
    queryTerms.length === 0 && query.words.length > 0
      ? [...query.filters, phraseOf(query.words)]
      : query.filters;
  if (queryTerms.length === 0) {
    const passing = notes.filter((note) => passesFilters(host, note, filters));
    const documents = passing.map((note) => documentOf(host, note.path, note.text));
    return {
      notes: documents.map((document) => ({ document, score: 0, strength: 0 })),
      weights: new Map(),
    };
  }
  // Only notes that can hold a term are tokenized: the rest cannot rank (term-prefilter.ts).
  const candidates = everyPhraseRanks(query) ? notes.filter(mayHoldAnyOf(queryTerms)) : notes;
  const documents = candidates.map((note) => documentOf(host, note.path, note.text));
  const weights = idfOf(documents, queryTerms, notes.length);
  const averageLength = estimatedAverageLength(documents, candidates, notes);
  const ranked = documents
    .filter((document) => passesFilters(host, document, filters))
    .map((document) => ({ document, ...bm25(document, weights, averageLength) }))
    // A note that holds a required phrase matches even when none of its words rank.
    .filter(({ score }) => score > 0 || query.phrases.length > 0)
    .sort((a, b) => b.score - a.score || byPath(a.document, b.document));
  return { notes: ranked, weights };
}

/** A phrase of stopwords only has no term to look for, so every note must be looked at. */
function everyPhraseRanks(query: ParsedQuery): boolean {
  return query.phrases.every((phrase) => termsOf(phrase).length > 0);
}

/**
 * The average weighted length of every note, from the tokenized candidates' terms per character
 * and the whole vault's characters: the notes that cannot rank are never tokenized.
 */
function estimatedAverageLength(
  documents: readonly NoteDocument[],
  candidates: readonly NoteText[],
  notes: readonly NoteText[],
): number {
  if (documents.length === 0 || notes.length === 0) return 1;
  const terms = documents.reduce((sum, document) => sum + document.length, 0);
  if (candidates.length === notes.length) return terms / notes.length;
  const characters = (list: readonly NoteText[]) =>
    list.reduce((sum, note) => sum + note.text.length + note.path.length, 0);
  const perCharacter = terms / Math.max(characters(candidates), 1);
  return Math.max((perCharacter * characters(notes)) / notes.length, 1);
}

function phraseOf(words: readonly string[]): ParsedQuery['filters'][number] {
  return { clause: { kind: 'phrase', text: words.join(' ') }, negated: false };
}

/** Inverse document frequency over `total` notes; a note without a term is not among `documents`. */
function idfOf(
  documents: readonly NoteDocument[],
  terms: readonly string[],
  total: number,
): Map<string, number> {
  const weights = new Map<string, number>();
  for (const term of terms) {
    const frequency = documents.filter((document) => document.countOf(term) > 0).length;
    if (frequency === 0) continue;
    weights.set(term, Math.log(1 + (total - frequency + 0.5) / (frequency + 0.5)));
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
    const count = document.countOf(term);
    if (count === 0) continue;
    held += idf;
    score += (idf * count * (K1 + 1)) / (count + norm);
  }
  const strength = total === 0 ? 0 : held / total;
  return { score: score * strength, strength };
}

const byPath = (a: NoteDocument, b: NoteDocument) =>
  a.path < b.path ? -1 : a.path > b.path ? 1 : 0;
