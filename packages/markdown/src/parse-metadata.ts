/**
 * `parseMetadata(text)`: the `CachedMetadata` Obsidian's metadata cache computes for a note, from
 * its text alone (no vault, no file system). Keys Obsidian omits when empty are omitted here too;
 * `frontmatterLinks` is present, possibly empty, whenever `frontmatter` is.
 * `parseSections(text)`: its `sections` alone, for callers that need only where the blocks are.
 */
import type {
  BlockCache,
  CachedMetadata,
  FootnoteCache,
  FootnoteRefCache,
  Pos,
  SectionCache,
} from 'obsidian';
import type { Block } from './block-tree.ts';
import { parseBlocks } from './block-parser.ts';
import {
  frontmatterFence,
  frontmatterLinks,
  readFrontmatter,
  type FrontmatterFence,
} from './frontmatter.ts';
import { buildHeadings } from './headings.ts';
import { collectInlineMetadata } from './inline-metadata.ts';
import { buildListItems } from './list-items.ts';
import { LineTable } from './positions.ts';
import { buildSections } from './sections.ts';

function buildFootnotes(root: Block, lines: LineTable): FootnoteCache[] {
  return root.children
    .filter((block) => block.type === 'footnoteDefinition')
    .map((block) => ({ id: block.label, position: lines.pos(block.start, block.end) }));
}

/** The blocks after the frontmatter, and where the frontmatter is (null when there is none). */
function blocksOf(
  lines: LineTable,
  fence: FrontmatterFence | null,
): { root: Block; yamlPosition: Pos | null } {
  const root = parseBlocks(lines, fence === null ? 0 : fence.closingLine + 1);
  return { root, yamlPosition: fence === null ? null : lines.pos(0, fence.end) };
}

/**
 * `parseMetadata(text).sections ?? []`, without parsing the frontmatter's YAML or the blocks'
 * inline content, in about 40% of its time over generated notes (search_and_replace asks it of
 * every note that matches).
 */
export function parseSections(text: string): SectionCache[] {
  const lines = new LineTable(text);
  const { root, yamlPosition } = blocksOf(lines, frontmatterFence(lines));
  return buildSections(root, lines, yamlPosition, {});
}

/**
 * CachedMetadata as this parser makes it. Obsidian has `footnoteRefs` from 1.8.7 and leaves the
 * key out before, which every reader here takes as none: declared here, it is our parser's field.
 */
export interface NoteMetadata extends CachedMetadata {
  footnoteRefs?: FootnoteRefCache[];
}

export function parseMetadata(text: string): NoteMetadata {
  const lines = new LineTable(text);
  const frontmatter = readFrontmatter(lines);
  const { root, yamlPosition } = blocksOf(lines, frontmatter);
  const cache: NoteMetadata = {};
  if (frontmatter !== null && yamlPosition !== null && frontmatter.data !== null) {
    cache.frontmatter = frontmatter.data;
    cache.frontmatterPosition = yamlPosition;
    cache.frontmatterLinks = frontmatterLinks(frontmatter.data);
  }
  const blocks: Record<string, BlockCache> = {};
  const inline = collectInlineMetadata(root, lines);
  const headings = buildHeadings(root, lines);
  const sections = buildSections(root, lines, yamlPosition, blocks);
  const listItems = buildListItems(root, lines, blocks);
  const footnotes = buildFootnotes(root, lines);
  if (inline.links.length > 0) cache.links = inline.links;
  if (inline.embeds.length > 0) cache.embeds = inline.embeds;
  if (inline.tags.length > 0) cache.tags = inline.tags;
  if (headings.length > 0) cache.headings = headings;
  if (sections.length > 0) cache.sections = sections;
  if (listItems.length > 0) cache.listItems = listItems;
  if (footnotes.length > 0) cache.footnotes = footnotes;
  if (inline.footnoteRefs.length > 0) cache.footnoteRefs = inline.footnoteRefs;
  if (Object.keys(blocks).length > 0) cache.blocks = blocks;
  return cache;
}
