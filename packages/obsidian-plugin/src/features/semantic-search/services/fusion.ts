/**
 * Weighted reciprocal-rank fusion (Cormack et al., 2009): a note's fused score is the sum over
 * rankings of weight / (k + rank), so agreeing rankings reinforce each other without their raw
 * scores (cosine, BM25) ever being compared. Scores are reported divided by the best possible
 * sum, so a note ranked first everywhere scores 1. A note keeps the chunk of the ranking where it
 * placed best.
 *
 * k = 5 and a semantic weight of 0.7 (lexical 1) were chosen on one half of the evaluation set
 * (scripts/semantic/eval-set.json, odd questions) and checked on the other; with the plain
 * k = 60, equal weights, the weak offline model's noise cost more first places than it won.
 */
export interface RankedHit {
  path: string;
  chunkIndex: number;
  score: number;
}

export interface WeightedRanking {
  hits: readonly RankedHit[];
  weight: number;
}

const K = 5;
export const SEMANTIC_WEIGHT = 0.7;
export const LEXICAL_WEIGHT = 1;

const byPath = (a: RankedHit, b: RankedHit) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);

export function fuseRankings(rankings: readonly WeightedRanking[], limit: number): RankedHit[] {
  const fused = new Map<string, { hit: RankedHit; bestRank: number; sum: number }>();
  for (const { hits, weight } of rankings) {
    hits.forEach((hit, index) => {
      const rank = index + 1;
      const entry = fused.get(hit.path);
      if (entry === undefined) {
        fused.set(hit.path, { hit, bestRank: rank, sum: weight / (K + rank) });
        return;
      }
      entry.sum += weight / (K + rank);
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
