/**
 * Renaming one heading inside its note's text. The heading is found by its text (as written,
 * whitespace collapsed; failing that, compared the way links compare it) and, when given, its
 * level: none is `heading_not_found`, several `ambiguous_heading` with the candidates. The new
 * name must be one line that a link can reach, and no other heading of the same level may
 * already carry it (`already_exists`). Only the heading's text changes: an ATX heading keeps its
 * `#` marker and closing `#`s, a setext heading its underline (its text becomes one line).
 */
import { ToolError } from '@mcp-connector/shared';
import type { HeadingCache } from 'obsidian';
import { headingKey } from '@mcp-connector/markdown';
import type { LineTable } from '@mcp-connector/markdown/positions';
import type { TextEdit } from '@mcp-connector/markdown/text-edits';

export interface HeadingSelector {
  text: string;
  level?: number;
}

const LISTED_HEADINGS = 12;

function collapse(text: string): string {
  return text.normalize('NFC').replace(/\s+/g, ' ').trim();
}

/** The new name, collapsed to one line; `invalid_arguments` when no heading could carry it. */
export function headingName(to: string): string {
  const name = collapse(to);
  if (/[\r\n]/.test(to) || name === '' || headingKey(name) === '') {
    throw new ToolError(
      'invalid_arguments',
      `"to" must be one line with at least one letter or digit; got ${JSON.stringify(to)}.`,
    );
  }
  return name;
}

/** Index of the heading the selector names. */
export function locateHeading(
  path: string,
  headings: readonly HeadingCache[],
  from: HeadingSelector,
): number {
  const candidates = headings
    .map((heading, index) => ({ heading, index }))
    .filter(({ heading }) => from.level === undefined || heading.level === from.level);
  const exact = candidates.filter(
    ({ heading }) => collapse(heading.heading) === collapse(from.text),
  );
  const key = headingKey(from.text);
  const matches =
    exact.length > 0
      ? exact
      : candidates.filter(({ heading }) => headingKey(heading.heading) === key);
  if (matches.length === 1) return (matches[0] as { index: number }).index;
  if (matches.length === 0) throw headingNotFound(path, headings, from);
  const listed = matches.map(({ heading }) => describe(heading));
  throw new ToolError(
    'ambiguous_heading',
    `${matches.length} headings match "${from.text}" in ${path}: ${listed.join(', ')}. ${
      from.level === undefined
        ? 'Pass from.level to pick one.'
        : 'They share that level; rename one with patch_vault_file first.'
    }`,
    { path, candidates: listed },
  );
}

function headingNotFound(path: string, headings: readonly HeadingCache[], from: HeadingSelector) {
  const listed = headings.slice(0, LISTED_HEADINGS).map(describe);
  const level = from.level === undefined ? '' : ` at level ${from.level}`;
  const hint =
    headings.length === 0
      ? 'The note has no headings.'
      : `Its headings: ${listed.join(', ')}${headings.length > LISTED_HEADINGS ? ', ...' : ''}.`;
  return new ToolError(
    'heading_not_found',
    `No heading "${from.text}"${level} in ${path}. ${hint}`,
    {
      path,
      headings: listed,
    },
  );
}

function describe(heading: HeadingCache): string {
  return `${'#'.repeat(heading.level)} ${collapse(heading.heading)} (line ${heading.position.start.line})`;
}

/** Refuses a name another heading of the same level already has (as links compare names). */
export function assertNameFree(
  path: string,
  headings: readonly HeadingCache[],
  index: number,
  name: string,
): void {
  const renamed = headings[index] as HeadingCache;
  const key = headingKey(name);
  const taken = headings.find(
    (heading, other) =>
      other !== index && heading.level === renamed.level && headingKey(heading.heading) === key,
  );
  if (taken === undefined) return;
  throw new ToolError(
    'already_exists',
    `${path} already has the heading ${describe(taken)}; links could not tell them apart. Choose another name.`,
    { path, heading: taken.heading, line: taken.position.start.line },
  );
}

/** The edit replacing the heading's text with `name`, keeping its Markdown around it. */
export function headingTextEdit(lines: LineTable, heading: HeadingCache, name: string): TextEdit {
  const first = heading.position.start.line;
  const text = lines.text.slice(lines.starts[first], lines.ends[first]);
  const start = lines.starts[first] as number;
  const atx = /^ {0,3}#{1,6}(?:[ \t]+|$)/.exec(text);
  if (atx !== null) {
    const closing = /(?:[ \t]+#+)?[ \t]*$/.exec(text.slice(atx[0].length)) as RegExpExecArray;
    return {
      start: start + atx[0].length,
      end: start + atx[0].length + closing.index,
      replacement: name,
    };
  }
  const last = heading.position.end.line - 1;
  const indent = /^ */.exec(text)?.[0].length ?? 0;
  const lastText = lines.text.slice(lines.starts[last], lines.ends[last]);
  return {
    start: start + indent,
    end: (lines.starts[last] as number) + lastText.trimEnd().length,
    replacement: name,
  };
}
