/**
 * How a ranking is scored against the one note that answers a question: its rank (1-based,
 * null when absent), and over a set of questions the share found in the top 5, the share at
 * rank 1 and the mean reciprocal rank (1 / rank, 0 when absent).
 */
export interface Figures {
  questions: number;
  top5: number;
  first: number;
  meanReciprocalRank: number;
}

/** Rank of `answer` among the distinct paths of `ranked`, in order of first appearance. */
export function rankOf(ranked: readonly string[], answer: string): number | null {
  const distinct = [...new Set(ranked)];
  const index = distinct.indexOf(answer);
  return index === -1 ? null : index + 1;
}

export function figuresOf(ranks: readonly (number | null)[]): Figures {
  const count = (test: (rank: number) => boolean) =>
    ranks.filter((rank) => rank !== null && test(rank)).length;
  const reciprocal = ranks.reduce<number>((sum, rank) => sum + (rank === null ? 0 : 1 / rank), 0);
  return {
    questions: ranks.length,
    top5: count((rank) => rank <= 5),
    first: count((rank) => rank === 1),
    meanReciprocalRank: ranks.length === 0 ? 0 : reciprocal / ranks.length,
  };
}

export function formatFigures(label: string, figures: Figures): string {
  const share = (count: number) =>
    `${String(count).padStart(2)}/${figures.questions} (${((100 * count) / figures.questions).toFixed(0).padStart(3)}%)`;
  return `${label.padEnd(34)} top 5 ${share(figures.top5)}   rank 1 ${share(figures.first)}   MRR ${figures.meanReciprocalRank.toFixed(3)}`;
}
