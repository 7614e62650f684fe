/**
 * Weighted score fusion (a convex combination of normalized scores, which Bruch et al., "An
 * Analysis of Fusion Functions for Hybrid Retrieval", 2023, found to beat reciprocal-rank fusion
 * in and out of domain): a note's fused score is the sum over rankings of weight times its score
 * on 0..1 within that ranking (`normalizedScores`), so a keyword ranking whose first note leads
 * clearly keeps it first, and meaning decides between notes the keywords barely separate. Scores
 * are reported divided by the sum of the weights, so a note first everywhere scores 1. A note
 * keeps the chunk of the ranking where it placed best.
 *
 * A keyword hit counts as much as the share of the query's rarity it holds (`strength`:
 * search_vault_simple's note ranking, or lexical-index.ts): a note found by one common word of
 * the question adds little.
 *
 * Until ADR-0043's second round this was weighted reciprocal-rank fusion (k = 5), which counts a
 * place whatever the gap to the next: a clear keyword first lost to a keyword second placed
 * first by the weak offline model. The weights (semantic 0.5, keywords 1) are the ones chosen
 * for it, not tuned again.
 */
export interface RankedHit {
  path: string;
  chunkIndex: number;
  score: number;
}

/** A hit of a ranking whose place counts only as much as the share of the query it holds. */
export interface WeightedHit extends RankedHit {
  /** 0..1, 1 when absent. */
  strength?: number;
}

export interface WeightedRanking {
  hits: readonly WeightedHit[];
  weight: number;
  /** The lowest score the ranking can give (BM25: 0); absent, its last hit's score. */
  lowest?: number;
}

export const SEMANTIC_WEIGHT = 0.5;
export const LEXICAL_WEIGHT = 1;

const byPath = (a: RankedHit, b: RankedHit) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);

export function fuseRankings(rankings: readonly WeightedRanking[], limit: number): RankedHit[] {
  const fused = new Map<string, { hit: RankedHit; bestRank: number; sum: number }>();
  for (const ranking of rankings) {
    const { hits, weight } = ranking;
    const normalized = normalizedScores(ranking);
    hits.forEach((hit, index) => {
      const rank = index + 1;
      const share = weight * (normalized[index] as number);
      const entry = fused.get(hit.path);
      if (entry === undefined) {
        fused.set(hit.path, { hit, bestRank: rank, sum: share });
        return;
      }
      entry.sum += share;
      if (rank < entry.bestRank) [entry.hit, entry.bestRank] = [hit, rank];
    });
  }
  const best = rankings.reduce((sum, ranking) => sum + ranking.weight, 0);
  return (
    [...fused.values()]
      // Equal notes by path, so the answer never depends on the order the index was scanned in.
      .sort((a, b) => b.sum - a.sum || a.bestRank - b.bestRank || byPath(a.hit, b.hit))
      .slice(0, limit)
      .map(({ hit, sum }) => ({ path: hit.path, chunkIndex: hit.chunkIndex, score: sum / best }))
  );
}

/**
 * Each hit's score on 0..1 within its ranking: from the ranking's `lowest` possible score (BM25's
 * 0) or else from its last hit, to its first; times the hit's strength, so a keyword ranking
 * whose best note holds one common word of the question weighs what it holds, not 1.
 */
function normalizedScores({ hits, lowest }: WeightedRanking): number[] {
  const scores = hits.map((hit) => hit.score);
  const high = Math.max(...scores);
  const low = lowest ?? Math.min(...scores);
  const spread = high - low;
  return hits.map((hit) => (spread > 0 ? (hit.score - low) / spread : 1) * (hit.strength ?? 1));
}

/**
 * The relevance floor: fused hits scoring under FLOOR_SHARE of the best are the tail (a note
 * placed low by one ranking alone), left out; how many were is reported with the answer.
 */
export const FLOOR_SHARE = 0.3;

export function aboveFloor(hits: readonly RankedHit[]): { kept: RankedHit[]; cut: number } {
  const floor = (hits[0]?.score ?? 0) * FLOOR_SHARE;
  const kept = hits.filter((hit) => hit.score >= floor);
  return { kept, cut: hits.length - kept.length };
}
