/**
 * Splits a note into the chunks that get embedded. Rules (issue 7): the frontmatter is its own
 * chunk; the body splits at H1/H2 headings, and a section over `maxTokens` also at H3; a piece
 * still too long becomes windows of at most `maxTokens` overlapping by about `overlapTokens`;
 * a code fence is never split (one longer than the limit becomes its own oversized chunk).
 * Headings and code fences come from `parseMetadata`, so a `#` line inside a fence is never a
 * heading. Each chunk's embedded text is the note's title and heading trail, then the chunk as
 * plain text (plain-text.ts); its hash covers exactly that text, so an unchanged chunk keeps its
 * vector. A note of several body chunks also gets an outline chunk (title and headings).
 */
import { parseMetadata } from '@mcp-connector/markdown';
import type { CachedMetadata, HeadingCache } from 'obsidian';
import { contentHash } from './hashing.ts';
import { plainText } from './plain-text.ts';
import { countTokens, lineUnits, type TextUnit } from './text-units.ts';

export interface ChunkLimits {
  maxTokens: number;
  overlapTokens: number;
}

export const DEFAULT_CHUNK_LIMITS: ChunkLimits = { maxTokens: 512, overlapTokens: 64 };

const OUTLINE_EXCERPT_CHARS = 600;

export interface NoteChunk {
  /** The innermost heading above the chunk; null for the frontmatter and text before any heading. */
  heading: string | null;
  /** Character offsets of the chunk in the note. */
  start: number;
  end: number;
  /** What is embedded: title and heading trail, then the chunk's text as plain text. */
  text: string;
  hash: string;
  tokens: number;
}

interface Piece {
  start: number;
  end: number;
  frontmatter: boolean;
}

interface Unit extends TextUnit {
  atomic: boolean;
}

export function chunkNote(
  path: string,
  content: string,
  limits: ChunkLimits = DEFAULT_CHUNK_LIMITS,
): NoteChunk[] {
  const metadata = parseMetadata(content);
  const headings = metadata.headings ?? [];
  const title = titleOf(path);
  const chunks: NoteChunk[] = [];
  for (const piece of piecesOf(content, metadata, limits.maxTokens)) {
    for (const window of windowsOf(unitsOf(content, metadata, piece, limits), limits)) {
      const first = window[0] as Unit;
      const last = window[window.length - 1] as Unit;
      const trail = piece.frontmatter ? [] : trailAt(headings, first.start);
      const label = piece.frontmatter ? `${title} (properties)` : [title, ...trail].join(' > ');
      const text = `${label}\n${plainText(content.slice(first.start, last.end))}`;
      chunks.push({
        heading: trail.length === 0 ? null : (trail[trail.length - 1] as string),
        start: first.start,
        end: last.end,
        text,
        hash: contentHash(text),
        tokens: window.reduce((sum, unit) => sum + unit.tokens, 0),
      });
    }
  }
  const bodyStart = metadata.frontmatterPosition?.end.offset ?? 0;
  const bodyChunks = chunks.filter((chunk) => chunk.start >= bodyStart).length;
  if (bodyChunks >= 2) chunks.push(outlineChunk(title, headings, content, bodyStart));
  if (chunks.length > 0) return chunks;
  return [{ heading: null, start: 0, end: 0, text: title, hash: contentHash(title), tokens: 1 }];
}

/**
 * The note as a whole: its title and every heading, one line each, for questions about what a
 * note covers rather than what one section says. Its excerpt is the start of the body.
 */
function outlineChunk(
  title: string,
  headings: HeadingCache[],
  content: string,
  bodyStart: number,
): NoteChunk {
  const text = [`${title} (outline)`, ...headings.map((heading) => heading.heading)].join('\n');
  const end = Math.min(content.length, bodyStart + OUTLINE_EXCERPT_CHARS);
  return {
    heading: null,
    start: bodyStart,
    end,
    text,
    hash: contentHash(text),
    tokens: countTokens(text),
  };
}

function titleOf(path: string): string {
  const name = path.slice(path.lastIndexOf('/') + 1);
  return name.endsWith('.md') ? name.slice(0, -3) : name;
}

/** The frontmatter, then the body cut at H1/H2 (and at H3 inside sections that are too long). */
function piecesOf(content: string, metadata: CachedMetadata, maxTokens: number): Piece[] {
  const bodyStart = metadata.frontmatterPosition?.end.offset ?? 0;
  const pieces: Piece[] = bodyStart > 0 ? [{ start: 0, end: bodyStart, frontmatter: true }] : [];
  const headings = metadata.headings ?? [];
  for (const section of cutAt(headings, 2, bodyStart, content.length)) {
    const long = countTokens(content.slice(section.start, section.end)) > maxTokens;
    pieces.push(...(long ? cutAt(headings, 3, section.start, section.end) : [section]));
  }
  return pieces;
}

function cutAt(headings: HeadingCache[], maxLevel: number, start: number, end: number): Piece[] {
  const cuts = headings
    .filter((heading) => heading.level <= maxLevel)
    .map((heading) => heading.position.start.offset)
    .filter((offset) => offset > start && offset < end);
  const bounds = [start, ...cuts, end];
  return bounds.slice(1).map((to, index) => ({
    start: bounds[index] as number,
    end: to,
    frontmatter: false,
  }));
}

/** Code fences as whole units; everything else as lines or word runs of at most the overlap. */
function unitsOf(
  content: string,
  metadata: CachedMetadata,
  piece: Piece,
  limits: ChunkLimits,
): Unit[] {
  const small = (from: number, to: number): Unit[] =>
    lineUnits(content, from, to, limits.overlapTokens).map((unit) => ({ ...unit, atomic: false }));
  const units: Unit[] = [];
  let cursor = piece.start;
  for (const section of metadata.sections ?? []) {
    const { start, end } = section.position;
    if (section.type !== 'code' || start.offset < piece.start || end.offset > piece.end) continue;
    units.push(...small(cursor, start.offset));
    const tokens = countTokens(content.slice(start.offset, end.offset));
    units.push({ start: start.offset, end: end.offset, tokens, atomic: true });
    cursor = end.offset;
  }
  units.push(...small(cursor, piece.end));
  return units;
}

/** Packs units into windows of at most maxTokens; each new window repeats the last ~overlap tokens. */
function windowsOf(units: Unit[], limits: ChunkLimits): Unit[][] {
  const windows: Unit[][] = [];
  let current: Unit[] = [];
  let tokens = 0;
  for (const unit of units) {
    if (current.length > 0 && tokens + unit.tokens > limits.maxTokens) {
      windows.push(current);
      current = overlapOf(current, limits.overlapTokens);
      tokens = current.reduce((sum, kept) => sum + kept.tokens, 0);
      if (tokens + unit.tokens > limits.maxTokens) [current, tokens] = [[], 0];
    }
    current.push(unit);
    tokens += unit.tokens;
  }
  if (current.length > 0) windows.push(current);
  return windows;
}

function overlapOf(window: Unit[], overlapTokens: number): Unit[] {
  const kept: Unit[] = [];
  let tokens = 0;
  for (let index = window.length - 1; index > 0; index--) {
    const unit = window[index] as Unit;
    if (unit.atomic || tokens + unit.tokens > overlapTokens) break;
    kept.unshift(unit);
    tokens += unit.tokens;
  }
  return kept;
}

/** Texts of the headings enclosing `offset`, outermost first. */
function trailAt(headings: HeadingCache[], offset: number): string[] {
  const stack: HeadingCache[] = [];
  for (const heading of headings) {
    if (heading.position.start.offset > offset) break;
    while (stack.length > 0 && (stack[stack.length - 1] as HeadingCache).level >= heading.level)
      stack.pop();
    stack.push(heading);
  }
  return stack.map((heading) => heading.heading);
}
