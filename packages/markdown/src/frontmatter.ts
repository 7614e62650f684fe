/**
 * The YAML frontmatter of a note: a first line that is exactly `---`, up to the next line `---`
 * (trailing spaces allowed there). Its value is parsed with the `yaml` library (YAML 1.2 core
 * schema, as Obsidian), so dates stay strings; the flat mappings most notes have take a fast path
 * that gives the same value (simple-yaml.ts).
 * Invariants, as Obsidian: when the block is empty, invalid or not a mapping, the note has a
 * `yaml` section but no `frontmatter`, `frontmatterPosition` or `frontmatterLinks`; otherwise
 * all three are present (`frontmatterLinks` possibly empty). A property links only when its whole
 * value (or a whole list item, keyed `key.N`) is a wikilink.
 */
import { isBlankRange } from './characters.ts';
import type { FrontmatterLinkCache } from 'obsidian';
import { parse } from 'yaml';
import { parseSimpleYaml } from './simple-yaml.ts';

import type { LineTable } from './positions.ts';
import { splitWikilink, wholeWikilinkContent } from './wikilink.ts';

export interface FrontmatterFence {
  /** Line of the closing `---`. */
  closingLine: number;
  /** Offset just after the closing `---`. */
  end: number;
}

export interface FrontmatterBlock extends FrontmatterFence {
  data: Record<string, unknown> | null;
}

function isFenceLine(text: string, start: number, end: number): boolean {
  return text.startsWith('---', start) && isBlankRange(text, start + 3, end);
}

/** Where the frontmatter block is, without reading its YAML; null when the note has none. */
export function frontmatterFence(lines: LineTable): FrontmatterFence | null {
  const { text, starts, ends } = lines;
  // The opening fence is exactly `---`; the closing one may carry trailing spaces.
  if (!text.startsWith('---') || ends[0] !== 3) return null;
  for (let line = 1; line < lines.count; line++) {
    const start = starts[line] as number;
    if (isFenceLine(text, start, ends[line] as number))
      return { closingLine: line, end: start + 3 };
  }
  return null;
}

export function readFrontmatter(lines: LineTable): FrontmatterBlock | null {
  const fence = frontmatterFence(lines);
  if (fence === null) return null;
  const source = lines.text.slice(lines.starts[1], fence.end - 3);
  return { ...fence, data: parseYamlMapping(source) };
}

function parseYamlMapping(source: string): Record<string, unknown> | null {
  if (isBlankRange(source, 0, source.length)) return null;
  const simple = parseSimpleYaml(source);
  if (simple !== undefined) return simple;
  try {
    const value: unknown = parse(source, { logLevel: 'error' });
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

export function frontmatterLinks(data: Record<string, unknown>): FrontmatterLinkCache[] {
  const links: FrontmatterLinkCache[] = [];
  const add = (key: string, value: unknown): void => {
    if (typeof value !== 'string') return;
    const content = wholeWikilinkContent(value);
    if (content === null) return;
    const { link, displayText } = splitWikilink(content);
    links.push({ key, link, original: value, displayText });
  };
  for (const [key, value] of Object.entries(data)) {
    if (Array.isArray(value)) value.forEach((item: unknown, index) => add(`${key}.${index}`, item));
    else add(key, value);
  }
  return links;
}
