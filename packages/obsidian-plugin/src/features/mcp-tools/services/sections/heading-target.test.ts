import { describe, expect, test } from 'bun:test';
import { ToolError } from '@mcp-connector/shared';
import {
  LineTable,
  headingEntries,
  parseMetadata,
  type HeadingEntry,
} from '@mcp-connector/markdown';
import {
  assertRootAllowed,
  findHeading,
  headingNotFound,
  parseHeadingTarget,
} from './heading-target.ts';

const entriesOf = (text: string) =>
  headingEntries(parseMetadata(text).headings, new LineTable(text));
const find = (text: string, target: string) =>
  findHeading(entriesOf(text), parseHeadingTarget('n.md', target));

describe('finding a heading', () => {
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
