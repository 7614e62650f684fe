/**
 * Reciprocal-rank fusion (Cormack et al., 2009): a note's fused score is the sum over rankings
 * of 1 / (k + rank), k = 60, so agreeing rankings reinforce each other without their raw scores
 * (cosine, BM25) ever being compared. Scores are reported divided by the best possible sum, so
 * a note ranked first everywhere scores 1. A note keeps the chunk of the ranking where it
 * placed best.
 */
export interface RankedHit {
  path: string;
  chunkIndex: number;
  score: number;
}

const K = 60;

export function fuseRankings(rankings: readonly RankedHit[][], limit: number): RankedHit[] {
  const fused = new Map<string, { hit: RankedHit; bestRank: number; sum: number }>();
  for (const ranking of rankings) {
    ranking.forEach((hit, index) => {
      const rank = index + 1;
      const entry = fused.get(hit.path);
      if (entry === undefined) {
        fused.set(hit.path, { hit, bestRank: rank, sum: 1 / (K + rank) });
        return;
      }
      entry.sum += 1 / (K + rank);
      if (rank < entry.bestRank) [entry.hit, entry.bestRank] = [hit, rank];
    });
  }
  const best = rankings.length / (K + 1);
  return [...fused.values()]
    .sort((a, b) => b.sum - a.sum || a.bestRank - b.bestRank)
    .slice(0, limit)
    .map(({ hit, sum }) => ({ path: hit.path, chunkIndex: hit.chunkIndex, score: sum / best }));
}
