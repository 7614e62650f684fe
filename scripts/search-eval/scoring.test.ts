import { describe, expect, test } from 'bun:test';
import { figuresOf, formatFigures, rankOf } from './scoring.ts';

describe('search evaluation scoring', () => {
  test('ranks count distinct notes, in order of first appearance', () => {
    expect(rankOf(['a.md', 'a.md', 'b.md', 'c.md'], 'c.md')).toBe(3);
    expect(rankOf(['a.md'], 'z.md')).toBeNull();
  });

  test('top 5, rank 1 and mean reciprocal rank over the questions', () => {
    const figures = figuresOf([1, 2, 6, null]);
    expect(figures).toEqual({
      questions: 4,
      top5: 2,
      first: 1,
      meanReciprocalRank: (1 + 0.5 + 1 / 6) / 4,
    });
    expect(formatFigures('x', figures)).toContain('top 5  2/4 ( 50%)');
  });
});
