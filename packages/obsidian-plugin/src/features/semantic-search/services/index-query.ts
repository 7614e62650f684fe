/**
 * Answering one query against a ready index: embed the query (unless lexical), rank notes by
 * vector similarity and/or BM25, fuse for hybrid, and map each hit back to its stored chunk.
 * The query embedding and the search are timed apart: the latency target excludes the model.
 */
import type { EmbeddingProvider } from '../providers/embedding-provider.ts';
import {
  LEXICAL_WEIGHT,
  SEMANTIC_WEIGHT,
  aboveFloor,
  fuseRankings,
  type RankedHit,
  type WeightedHit,
} from './fusion.ts';
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
  /**
   * The notes ranked by keywords, best first, when the caller has that ranking
   * (search_vault_simple's); else the index's own BM25 over its chunks ranks them.
   */
  keywordRanking?: readonly KeywordHit[];
}

export interface KeywordHit {
  path: string;
  score: number;
  /** Share (0..1) of the query's rarity the note holds. */
  strength: number;
}

export interface IndexHit {
  path: string;
  chunk: StoredChunk;
  score: number;
}

export interface IndexAnswer {
  hits: IndexHit[];
  /** Hybrid: fused hits under the relevance floor, left out (fusion.ts). */
  belowFloor: number;
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

/** The keyword ranking, each note with the chunk the index's own BM25 finds best in it. */
function keywordHits(parts: IndexParts, query: IndexQuery, depth: number): WeightedHit[] {
  const chunkHits = parts.lexical.search(query.text, depth, query.accept);
  if (query.keywordRanking === undefined) return chunkHits;
  const bestChunk = new Map(chunkHits.map((hit) => [hit.path, hit.chunkIndex]));
  return query.keywordRanking
    .filter((hit) => query.accept(hit.path))
    .slice(0, depth)
    .map((hit) => ({ ...hit, chunkIndex: bestChunk.get(hit.path) ?? 0 }));
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
  const lexical = query.mode === 'semantic' ? [] : keywordHits(parts, query, depth);
  const { kept: ranked, cut: belowFloor } =
    query.mode === 'hybrid'
      ? aboveFloor(
          fuseRankings(
            [
              { hits: semantic, weight: SEMANTIC_WEIGHT },
              { hits: lexical, weight: LEXICAL_WEIGHT, lowest: 0 },
            ],
            query.limit,
          ),
        )
      : { kept: query.mode === 'semantic' ? semantic : lexical, cut: 0 };
  const hits = ranked.flatMap((hit) => {
    const chunk = parts.store.get(hit.path)?.chunks[hit.chunkIndex];
    return chunk === undefined ? [] : [{ path: hit.path, chunk, score: hit.score }];
  });
  const done = performance.now();
  return {
    hits,
    belowFloor,
    queryEmbeddingMs: searchStarted - embedStarted,
    searchMs: done - searchStarted,
  };
}
