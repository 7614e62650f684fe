import { describe, expect, test } from 'bun:test';
import {
  FLOOR_SHARE,
  LEXICAL_WEIGHT,
  SEMANTIC_WEIGHT,
  aboveFloor,
  fuseRankings,
  type WeightedHit,
} from './fusion.ts';
import { LexicalIndex } from './lexical-index.ts';
import { stem, termsOf } from './lexical-terms.ts';

describe('lexical terms', () => {
  test('accents are dropped, as a person types the word without them', () => {
    expect(termsOf('Crème brûlée, CAFÉ')).toEqual(termsOf('creme brulee, cafe'));
    expect(termsOf('Crème brûlée')).toEqual(['crem', 'brule']);
  });

  test('lowercase words, no stopwords, light stemming', () => {
    expect(termsOf('How do I filter the Recurring tasks?')).toEqual(['filter', 'recur', 'task']);
    const words = ['queries', 'boxes', 'running', 'date', 'dated', 'status', 'class', 'v2'];
    expect(words.map(stem)).toEqual(['query', 'box', 'run', 'dat', 'dat', 'status', 'class', 'v2']);
  });
});

describe('LexicalIndex (BM25)', () => {
  test('ranks notes by their best chunk, rarer terms weigh more, and replacing a note drops its old terms', () => {
    const index = new LexicalIndex();
    index.setNote('a.md', ['tasks due today', 'nothing relevant here']);
    index.setNote('b.md', ['tasks tasks tasks', 'due dates explained']);
    index.setNote('c.md', ['recurring tasks every week']);
    const hits = index.search('recurring tasks', 10, () => true);
    expect(hits[0]).toMatchObject({ path: 'c.md', chunkIndex: 0 });
    expect(hits.map((hit) => hit.path).sort()).toEqual(['a.md', 'b.md', 'c.md']);
    expect(
      index
        .search('due', 10, () => true)
        .map((hit) => hit.path)
        .sort(),
    ).toEqual(['a.md', 'b.md']);
    expect(index.search('due', 10, (path) => path !== 'a.md').map((hit) => hit.path)).toEqual([
      'b.md',
    ]);
    index.setNote('c.md', ['a grocery list']);
    expect(index.search('recurring', 10, () => true)).toEqual([]);
    index.deleteNote('b.md');
    expect(index.has('b.md')).toBe(false);
    expect(index.search('dates', 10, () => true)).toEqual([]);
  });
});

describe('LexicalIndex coordination', () => {
  test('a chunk holding the rare words outranks one repeating a common word', () => {
    const index = new LexicalIndex();
    for (let note = 0; note < 6; note++) index.setNote(`beans${note}.md`, ['beans beans beans']);
    index.setNote('canning.md', ['water bath canning needs acid for beans']);
    const [best] = index.search('water bath canning beans', 10, () => true);
    expect(best?.path).toBe('canning.md');
  });
});

describe('LexicalIndex storage', () => {
  test('after many removals the table compacts and answers stay right', () => {
    const index = new LexicalIndex();
    for (let note = 0; note < 1500; note++)
      index.setNote(`n${note}.md`, [
        'filler words here',
        `alpha beta gamma${note % 3 === 0 ? ' marker' : ''}`,
      ]);
    for (let note = 0; note < 1500; note++) if (note % 10 !== 0) index.deleteNote(`n${note}.md`);
    const hits = index.search('marker', 1000, () => true);
    expect(hits.map((hit) => hit.path).sort()).toEqual(
      Array.from({ length: 50 }, (_, i) => `n${i * 30}.md`).sort(),
    );
    expect(hits.every((hit) => hit.chunkIndex === 1)).toBe(true);
    index.setNote('n1.md', ['marker first']);
    expect(index.search('marker', 1, (path) => path === 'n1.md')).toMatchObject([
      { path: 'n1.md', chunkIndex: 0 },
    ]);
    expect(index.search('filler', 2000, () => true)).toHaveLength(150);
  });
});

describe('score fusion', () => {
  const semantic = [
    { path: 'x.md', chunkIndex: 0, score: 0.9 },
    { path: 'both.md', chunkIndex: 1, score: 0.85 },
    { path: 'z.md', chunkIndex: 0, score: 0.5 },
  ];
  const lexical = [
    { path: 'y.md', chunkIndex: 0, score: 12 },
    { path: 'both.md', chunkIndex: 2, score: 11 },
    { path: 'w.md', chunkIndex: 0, score: 2 },
  ];
  const fuse = (semanticHits: typeof semantic, lexicalHits: WeightedHit[], limit = 3) =>
    fuseRankings(
      [
        { hits: semanticHits, weight: SEMANTIC_WEIGHT },
        { hits: lexicalHits, weight: LEXICAL_WEIGHT, lowest: 0 },
      ],
      limit,
    );

  test('agreement beats a single first place; scores are relative to the best possible', () => {
    const fused = fuseRankings(
      [
        { hits: semantic, weight: 1 },
        { hits: lexical, weight: 1, lowest: 0 },
      ],
      3,
    );
    expect(fused.map((hit) => hit.path)).toEqual(['both.md', 'x.md', 'y.md']);
    expect(fused[0]?.chunkIndex).toBe(1);
    // Second in both: (0.85 - 0.5) / (0.9 - 0.5) by meaning, 11 / 12 by keywords, of 2.
    expect(fused[0]?.score).toBeCloseTo((0.875 + 11 / 12) / 2, 6);
    expect(
      fuseRankings(
        [
          { hits: semantic, weight: 1 },
          { hits: semantic, weight: 1 },
        ],
        1,
      )[0]?.score,
    ).toBe(1);
  });

  test('equal notes come in path order, whatever order the rankings listed them in', () => {
    const tied = (paths: string[]) =>
      fuseRankings(
        [
          { hits: paths.map((path) => ({ path, chunkIndex: 0, score: 1 })), weight: 1 },
          {
            hits: [...paths].reverse().map((path) => ({ path, chunkIndex: 0, score: 1 })),
            weight: 1,
          },
        ],
        3,
      ).map((hit) => hit.path);
    expect(tied(['b.md', 'a.md'])).toEqual(['a.md', 'b.md']);
    expect(tied(['a.md', 'b.md'])).toEqual(['a.md', 'b.md']);
  });

  test('meaning decides between close keyword scores, not against a clear keyword lead', () => {
    const byMeaning = [
      { path: 'b.md', chunkIndex: 0, score: 0.9 },
      { path: 'c.md', chunkIndex: 0, score: 0.6 },
      { path: 'a.md', chunkIndex: 0, score: 0.3 },
    ];
    const keywords = (second: number) => [
      { path: 'a.md', chunkIndex: 0, score: 10 },
      { path: 'b.md', chunkIndex: 0, score: second },
    ];
    expect(fuse(byMeaning, keywords(4))[0]?.path).toBe('a.md');
    expect(fuse(byMeaning, keywords(9))[0]?.path).toBe('b.md');
  });

  test('a keyword hit counts as much as the share of the query it holds', () => {
    const weak = lexical.map((hit) => ({ ...hit, strength: hit.path === 'y.md' ? 0.1 : 1 }));
    // y.md, first by one common word (a tenth of the query), falls below x.md, first by meaning.
    expect(fuse(semantic, weak, 4).map((hit) => hit.path)).toEqual([
      'both.md',
      'x.md',
      'w.md',
      'y.md',
    ]);
  });

  test('the relevance floor cuts the tail and counts what it cut', () => {
    const hits = [1, 0.5, FLOOR_SHARE, FLOOR_SHARE - 0.01, 0.05].map((score, index) => ({
      path: `${index}.md`,
      chunkIndex: 0,
      score,
    }));
    const { kept, cut } = aboveFloor(hits);
    expect(kept.map((hit) => hit.path)).toEqual(['0.md', '1.md', '2.md']);
    expect(cut).toBe(2);
    expect(aboveFloor([])).toEqual({ kept: [], cut: 0 });
  });
});
