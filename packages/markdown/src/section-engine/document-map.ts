/**
 * The document map: what a note is made of, cheaply, so an agent can target a part without
 * reading the whole note: headings (full path, level, first line, line count), block ids with
 * their lines, the total line count and the frontmatter keys.
 */
import type { CachedMetadata } from 'obsidian';
import { headingEntries, joinPath } from './heading-tree.ts';
import { visibleLineCount, type LineTable } from './note-lines.ts';

export interface DocumentMap {
  headings: { path: string; level: number; line: number; lineCount: number }[];
  blocks: { id: string; line: number; endLine: number }[];
  totalLines: number;
  frontmatterKeys: string[];
}

export function documentMap(
  cache: CachedMetadata,
  lines: LineTable,
  delimiter: string,
): DocumentMap {
  const totalLines = visibleLineCount(lines);
  const headings = headingEntries(cache.headings, lines).map((entry) => ({
    path: joinPath(entry.path, delimiter),
    level: entry.level,
    line: entry.line,
    lineCount: Math.min(entry.nextLine, totalLines) - entry.line,
  }));
  const blocks = Object.values(cache.blocks ?? {})
    .map((block) => ({
      id: block.id,
      line: block.position.start.line,
      endLine: block.position.end.line,
    }))
    .sort((a, b) => a.line - b.line);
  return { headings, blocks, totalLines, frontmatterKeys: Object.keys(cache.frontmatter ?? {}) };
}
