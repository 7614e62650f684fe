/**
 * Matching a heading path (`Parent::Child`) against a note's headings: a path names the
 * heading's full chain of ancestors, compared exactly (whitespace collapsed) and, only when
 * nothing matches exactly, loosely (links and formatting stripped, case ignored). Deciding what
 * none or several matches mean is the caller's (the plugin's section tools).
 */
import { collapseSpaces, joinPath, type HeadingEntry } from './heading-tree.ts';

/** A heading path as the caller named it. */
export interface HeadingTarget {
  /** The file, for messages. */
  path: string;
  segments: string[];
  delimiter: string;
}

/** Headings whose whole path matches: exact matches, or else loose ones. */
export function matchHeadings(
  entries: readonly HeadingEntry[],
  segments: string[],
): HeadingEntry[] {
  const exact = entries.filter((entry) => samePath(entry.path, segments, (text) => text));
  if (exact.length > 0) return exact;
  return entries.filter((entry) => samePath(entry.path, segments, looseText));
}

/** Full paths of headings whose own text matches the target's last part. */
export function similarHeadings(entries: readonly HeadingEntry[], target: HeadingTarget): string[] {
  const last = looseText(target.segments[target.segments.length - 1] as string);
  return entries
    .filter((entry) => looseText(entry.text) === last)
    .map((entry) => joinPath(entry.path, target.delimiter));
}

function samePath(path: string[], segments: string[], form: (text: string) => string): boolean {
  return (
    path.length === segments.length &&
    path.every((text, index) => form(text) === form(segments[index] as string))
  );
}

/** A heading as read, not as written: link targets, link syntax and emphasis dropped. */
function looseText(text: string): string {
  return collapseSpaces(
    text
      .replace(/!?\[\[[^\]|]*\|([^\]]*)\]\]/g, '$1')
      .replace(/!?\[\[([^\]]*)\]\]/g, '$1')
      .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/[*_~=`]/g, ''),
  ).toLowerCase();
}
