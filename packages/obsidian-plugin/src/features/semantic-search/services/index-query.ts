/**
 * Answering one query against a ready index: embed the query (unless lexical), rank notes by
 * vector similarity and/or BM25, fuse for hybrid, and map each hit back to its stored chunk.
 * The query embedding and the search are timed apart: the latency target excludes the model.
 */
import type { EmbeddingProvider } from '../providers/embedding-provider.ts';
import { LEXICAL_WEIGHT, SEMANTIC_WEIGHT, fuseRankings, type RankedHit } from './fusion.ts';
import type { LexicalIndex } from './lexical-index.ts';
import type { StoredChunk } from './segment-file.ts';
import type { SegmentStore } from './segment-store.ts';
import type { VectorSearcher } from './vector-search.ts';

export type SearchMode = 'semantic' | 'hybrid' | 'lexical';

export interface IndexQuery {
  text: string;
  limit: number;
  mode: SearchMode;
  accept: (path: string) => boolean;
}

export interface IndexHit {
  path: string;
  chunk: StoredChunk;
  score: number;
}

export interface IndexAnswer {
  hits: IndexHit[];
  queryEmbeddingMs: number;
  searchMs: number;
}

/** Notes each ranking contributes to hybrid fusion: twice the hits asked for, at least 20. */
const fusionDepth = (limit: number) => Math.max(20, 2 * limit);

export interface IndexParts {
  provider: EmbeddingProvider;
  store: SegmentStore;
  searcher: VectorSearcher;
  lexical: LexicalIndex;
}

export async function answerQuery(parts: IndexParts, query: IndexQuery): Promise<IndexAnswer> {
  const embedStarted = performance.now();
  const [vector] =
    query.mode === 'lexical' ? [] : await parts.provider.embed([query.text], 'query');
  const searchStarted = performance.now();
  const depth = query.mode === 'hybrid' ? fusionDepth(query.limit) : query.limit;
  const semantic: RankedHit[] =
    vector === undefined
      ? []
      : parts.searcher.search({ vector, limit: depth, accept: query.accept });
  const lexical: RankedHit[] =
    query.mode === 'semantic' ? [] : parts.lexical.search(query.text, depth, query.accept);
  const ranked =
    query.mode === 'hybrid'
      ? fuseRankings(
          [
            { hits: semantic, weight: SEMANTIC_WEIGHT },
            { hits: lexical, weight: LEXICAL_WEIGHT },
          ],
          query.limit,
        )
      : query.mode === 'semantic'
        ? semantic
        : lexical;
  const hits = ranked.flatMap((hit) => {
    const chunk = parts.store.get(hit.path)?.chunks[hit.chunkIndex];
    return chunk === undefined ? [] : [{ path: hit.path, chunk, score: hit.score }];
  });
  const done = performance.now();
  return { hits, queryEmbeddingMs: searchStarted - embedStarted, searchMs: done - searchStarted };
}
