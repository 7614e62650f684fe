/**
 * What a heading target names, as the section tools decide it: a path (`Parent::Child`) is
 * matched by the markdown package's `matchHeadings`; two matches are `ambiguous_heading` with the
 * candidates; none is `heading_not_found` naming what exists. A heading whose chain starts below
 * H1 in a note that has an H1 is `ambiguous_section` unless the caller allows root headings (a
 * note with no H1 uses its top headings as roots without asking).
 */
import {
  collapseSpaces,
  joinPath,
  matchHeadings,
  similarHeadings,
  type HeadingEntry,
  type HeadingTarget,
} from '@mcp-connector/markdown';
import { ToolError } from '@mcp-connector/shared';

export type { HeadingTarget };

const LISTED_HEADINGS = 12;

export function parseHeadingTarget(path: string, target: string, delimiter = '::'): HeadingTarget {
  if (delimiter === '') {
    throw new ToolError('invalid_arguments', 'targetDelimiter is empty; omit it to use "::".');
  }
  const segments = target.split(delimiter).map(collapseSpaces);
  if (segments.some((segment) => segment === '')) {
    throw new ToolError(
      'invalid_arguments',
      `Heading target "${target}" has an empty part; write it as Parent${delimiter}Child.`,
      { target },
    );
  }
  return { path, segments, delimiter };
}

/** The one heading the target names, or null; throws `ambiguous_heading` on several. */
export function findHeading(
  entries: readonly HeadingEntry[],
  target: HeadingTarget,
): HeadingEntry | null {
  const matches = matchHeadings(entries, target.segments);
  if (matches.length <= 1) return matches[0] ?? null;
  const candidates = matches.map((entry) => describe(entry, target.delimiter));
  throw new ToolError(
    'ambiguous_heading',
    `${matches.length} headings match "${joinPath(target.segments, target.delimiter)}" in ${target.path}: ${candidates.join(', ')}. Add the parent headings to the target, or patch by block id.`,
    { path: target.path, target: joinPath(target.segments, target.delimiter), candidates },
  );
}

export function assertRootAllowed(
  entry: HeadingEntry,
  entries: readonly HeadingEntry[],
  target: HeadingTarget,
  allowRootHeadings: boolean,
): void {
  if (allowRootHeadings || entry.rootLevel === 1) return;
  const title = entries.find((candidate) => candidate.level === 1);
  if (title === undefined) return;
  const named = joinPath(entry.path, target.delimiter);
  throw new ToolError(
    'ambiguous_section',
    `"${named}" is an H${entry.rootLevel} with no H1 above it, but ${target.path} has the H1 "${title.text}". Pass allowRootHeadings: true to target it anyway.`,
    { path: target.path, target: named, line: entry.line },
  );
}

export function headingNotFound(
  entries: readonly HeadingEntry[],
  target: HeadingTarget,
): ToolError {
  const wanted = joinPath(target.segments, target.delimiter);
  const similar = similarHeadings(entries, target);
  const listed = entries
    .slice(0, LISTED_HEADINGS)
    .map((entry) => describe(entry, target.delimiter));
  const hint =
    similar.length > 0
      ? `Did you mean ${similar.map((path) => `"${path}"`).join(' or ')}? A target names the full chain of parent headings.`
      : entries.length === 0
        ? 'The note has no headings.'
        : `Its headings: ${listed.join(', ')}${entries.length > listed.length ? ', ...' : ''}. get_vault_file_partial (mode "document-map") lists them all.`;
  return new ToolError('heading_not_found', `No heading "${wanted}" in ${target.path}. ${hint}`, {
    path: target.path,
    target: wanted,
    similar,
    headings: listed,
    headingCount: entries.length,
  });
}

function describe(entry: HeadingEntry, delimiter: string): string {
  return `"${joinPath(entry.path, delimiter)}" (line ${entry.line})`;
}
