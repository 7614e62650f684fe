/**
 * Weighted reciprocal-rank fusion (Cormack et al., 2009): a note's fused score is the sum over
 * rankings of weight / (k + rank), so agreeing rankings reinforce each other without their raw
 * scores (cosine, BM25) ever being compared. Scores are reported divided by the best possible
 * sum, so a note ranked first everywhere scores 1. A note keeps the chunk of the ranking where it
 * placed best.
 *
 * A keyword hit's place counts as much as the share of the query's rarity it holds (`strength`:
 * search_vault_simple's note ranking, or lexical-index.ts): a note found by one common word of
 * the question adds little.
 *
 * k = 5 was chosen on one half of the evaluation set (scripts/semantic/eval-set.json, odd
 * questions) and checked on the other; with the plain k = 60 the weak offline model's noise cost
 * more first places than it won. The semantic weight, 0.7 then, is 0.5 since the keyword ranking
 * became search_vault_simple's whole-note BM25 (ADR-0043): on scripts/search-eval (37 questions)
 * 0.7 put 30 answers first, 0.5 31, 0.4 30.
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
}

const K = 5;
export const SEMANTIC_WEIGHT = 0.5;
export const LEXICAL_WEIGHT = 1;

const byPath = (a: RankedHit, b: RankedHit) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);

export function fuseRankings(rankings: readonly WeightedRanking[], limit: number): RankedHit[] {
  const fused = new Map<string, { hit: RankedHit; bestRank: number; sum: number }>();
  for (const { hits, weight } of rankings) {
    hits.forEach((hit, index) => {
      const rank = index + 1;
      const share = (weight * (hit.strength ?? 1)) / (K + rank);
      const entry = fused.get(hit.path);
      if (entry === undefined) {
        fused.set(hit.path, { hit, bestRank: rank, sum: share });
        return;
      }
      entry.sum += share;
      if (rank < entry.bestRank) [entry.hit, entry.bestRank] = [hit, rank];
    });
  }
  const best = rankings.reduce((sum, ranking) => sum + ranking.weight, 0) / (K + 1);
  return (
    [...fused.values()]
      // Equal notes by path, so the answer never depends on the order the index was scanned in.
      .sort((a, b) => b.sum - a.sum || a.bestRank - b.bestRank || byPath(a.hit, b.hit))
      .slice(0, limit)
      .map(({ hit, sum }) => ({ path: hit.path, chunkIndex: hit.chunkIndex, score: sum / best }))
  );
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
