import { describe, expect, test } from 'bun:test';
import { parseMetadata } from '../parse-metadata.ts';
import { matchHeadings, similarHeadings } from './heading-match.ts';
import { headingEntries } from './heading-tree.ts';
import { LineTable } from './note-lines.ts';

const entriesOf = (text: string) =>
  headingEntries(parseMetadata(text).headings, new LineTable(text));
const lines = (text: string, ...segments: string[]) =>
  matchHeadings(entriesOf(text), segments).map((entry) => entry.line);

describe('the heading tree', () => {
  test("gives each heading its chain of parents and the line its section ends before (the line table's count at the end)", () => {
    const entries = entriesOf('# A\n### A1\n## A2\n# B\nSetext\nline\n---\n');
    expect(entries.map((entry) => [entry.path, entry.rootLevel, entry.nextLine])).toEqual([
      [['A'], 1, 3],
      [['A', 'A1'], 1, 2],
      [['A', 'A2'], 1, 3],
      [['B'], 1, 8],
      [['B', 'Setext line'], 1, 8],
    ]);
    expect(entries[4]).toMatchObject({ line: 4, lastLine: 6, level: 2 });
  });
});

describe('matching a heading path', () => {
  test('exact text wins over a loose match of another heading', () => {
    const text = '# **Plan**\n# Plan\n';
    expect(lines(text, 'Plan')).toEqual([1]);
    expect(lines(text, '**Plan**')).toEqual([0]);
  });

  test('a loose match drops link targets, link syntax, emphasis and case', () => {
    const text = '# Read [the docs](https://x.y) and [[Note|this]] ==now==\n';
    expect(lines(text, 'read the docs and this now')).toEqual([0]);
  });

  test('the whole chain must match; every match is returned', () => {
    expect(lines('# A\n## B\n# C\n## B\n', 'B')).toEqual([]);
    expect(lines('# A\n## B\n# C\n## B\n', 'C', 'B')).toEqual([3]);
    expect(lines('# A\n# A\n', 'A')).toEqual([0, 1]);
  });

  test('similar headings share the last part, under any parents', () => {
    const entries = entriesOf('# A\n## Risks\n# B\n## risks\n');
    const target = { path: 'n.md', segments: ['C', 'Risks'], delimiter: '::' };
    expect(similarHeadings(entries, target)).toEqual(['A::Risks', 'B::risks']);
  });
});
