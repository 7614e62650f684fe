import { describe, expect, test } from 'bun:test';
import { parseMetadata } from '@mcp-connector/markdown';
import { ToolError } from '@mcp-connector/shared';
import {
  assertRootAllowed,
  findHeading,
  headingNotFound,
  parseHeadingTarget,
} from './heading-match.ts';
import { headingEntries, type HeadingEntry } from './heading-tree.ts';
import { LineTable } from './note-lines.ts';

const entriesOf = (text: string) =>
  headingEntries(parseMetadata(text).headings, new LineTable(text));
const find = (text: string, target: string) =>
  findHeading(entriesOf(text), parseHeadingTarget('n.md', target));

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

describe('finding a heading', () => {
  test('exact text wins over a loose match of another heading', () => {
    const text = '# **Plan**\n# Plan\n';
    expect(find(text, 'Plan')?.line).toBe(1);
    expect(find(text, '**Plan**')?.line).toBe(0);
  });

  test('a loose match drops link targets, link syntax, emphasis and case', () => {
    const text = '# Read [the docs](https://x.y) and [[Note|this]] ==now==\n';
    expect(find(text, 'read the docs and this now')?.line).toBe(0);
  });

  test('none is null; several throw ambiguous_heading', () => {
    expect(find('# A\n', 'B')).toBeNull();
    expect(() => find('# A\n# A\n', 'A')).toThrow(ToolError);
  });

  test('heading_not_found lists the headings when nothing is similar', () => {
    const entries = entriesOf('# A\n## B\n');
    const error = headingNotFound(entries, parseHeadingTarget('n.md', 'Z'));
    expect(error.message).toBe(
      'No heading "Z" in n.md. Its headings: "A" (line 0), "A::B" (line 1). get_vault_file_partial (mode "document-map") lists them all.',
    );
    expect(headingNotFound([], parseHeadingTarget('n.md', 'Z')).message).toContain(
      'has no headings',
    );
  });
});

describe('root headings', () => {
  const check = (text: string, target: string, allow = false) => {
    const entries = entriesOf(text);
    const parsed = parseHeadingTarget('n.md', target);
    assertRootAllowed(findHeading(entries, parsed) as HeadingEntry, entries, parsed, allow);
  };

  test('are fine in a note without an H1, and under an H1', () => {
    expect(() => check('## A\n### B\n', 'A::B')).not.toThrow();
    expect(() => check('# T\n## A\n', 'T::A')).not.toThrow();
  });

  test('below H1 without an H1 parent, in a note with an H1, need allowRootHeadings', () => {
    expect(() => check('## A\n### B\n# T\n', 'A::B')).toThrow('allowRootHeadings');
    expect(() => check('## A\n### B\n# T\n', 'A::B', true)).not.toThrow();
  });
});
