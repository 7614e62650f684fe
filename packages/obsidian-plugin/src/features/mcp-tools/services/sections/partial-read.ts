/**
 * get_vault_file_partial's reads: one heading's section, one block, the frontmatter (or one key),
 * the document map, or a line range. Everything comes from one read of the text, parsed then and
 * there, so the parts and the returned revision always agree. Texts are capped like every read;
 * a capped result says which line to continue from.
 */
import {
  documentMap,
  findBlock,
  headingEntries,
  joinPath,
  noteText,
  sliceLines,
  visibleLineCount,
  type NoteText,
} from '@mcp-connector/markdown';
import { ToolError } from '@mcp-connector/shared';
import type { VaultFile, VaultHost } from '../../../../host/vault-host.ts';
import { readText } from '../note-access.ts';
import { capText } from '../text-cap.ts';
import { blockNotFound, parseBlockId } from './block-target.ts';
import { keyNotFound, frontmatterKey } from './frontmatter-patch.ts';
import { findHeading, headingNotFound, parseHeadingTarget } from './heading-target.ts';
import { readLineRange, type LineRange } from './line-ranges.ts';

export type PartialMode = 'frontmatter' | 'heading' | 'block' | 'document-map' | 'lines';

export interface PartialRequest {
  mode: PartialMode;
  target?: string | undefined;
  targetDelimiter?: string | undefined;
  startLine?: number | undefined;
  endLine?: number | undefined;
}

type Part = Record<string, unknown>;

export async function readPartial(
  host: VaultHost,
  file: VaultFile,
  request: PartialRequest,
): Promise<Part> {
  checkPartialRequest(request);
  const { content, revision } = await readText(host, file);
  const note = noteText(content);
  return { path: file.path, revision, ...readPart(note, file.path, request) };
}

function readPart(note: NoteText, path: string, request: PartialRequest): Part {
  const delimiter = request.targetDelimiter ?? '::';
  switch (request.mode) {
    case 'frontmatter':
      return readFrontmatter(note, path, request.target);
    case 'heading':
      return readHeading(note, path, request.target as string, delimiter);
    case 'block':
      return readBlock(note, path, request.target as string);
    case 'document-map':
      return { ...documentMap(note.cache, note.lines, delimiter) };
    case 'lines':
      return capped(readLineRange(note.lines, request.startLine, request.endLine), note);
  }
}

function readFrontmatter(note: NoteText, path: string, target: string | undefined): Part {
  const frontmatter = note.cache.frontmatter ?? {};
  if (target === undefined) return { frontmatter };
  const key = frontmatterKey(target);
  if (!Object.hasOwn(frontmatter, key)) throw keyNotFound(path, key, frontmatter);
  return { key, value: frontmatter[key] as unknown };
}

function readHeading(note: NoteText, path: string, rawTarget: string, delimiter: string): Part {
  const entries = headingEntries(note.cache.headings, note.lines);
  const target = parseHeadingTarget(path, rawTarget, delimiter);
  const entry = findHeading(entries, target);
  if (entry === null) throw headingNotFound(entries, target);
  const endLine = Math.min(entry.nextLine, visibleLineCount(note.lines)) - 1;
  const range = {
    startLine: entry.line,
    endLine,
    content: sliceLines(note.lines, entry.line, endLine),
  };
  return { heading: joinPath(entry.path, delimiter), level: entry.level, ...capped(range, note) };
}

function readBlock(note: NoteText, path: string, target: string): Part {
  const id = parseBlockId(target);
  const block = findBlock(note.cache, note.lines, id);
  if (block === null) throw blockNotFound(note.cache, path, id);
  const range = {
    startLine: block.startLine,
    endLine: block.endLine,
    content: sliceLines(note.lines, block.startLine, block.endLine),
  };
  return { id: block.id, ...capped(range, note) };
}

function capped(range: LineRange, note: NoteText): Part {
  const total = visibleLineCount(note.lines);
  const cap = capText(range.content);
  if (!cap.truncated) return { ...range, totalLines: total };
  // A single line longer than the cap still advances, so reading on always makes progress.
  const next = range.startLine + Math.max(cap.nextLine as number, 1);
  return {
    startLine: range.startLine,
    endLine: next - 1,
    content: cap.text,
    totalLines: total,
    text_truncated: true,
    hint: `Showing lines ${range.startLine}-${next - 1} of ${range.startLine}-${range.endLine}. Read on with mode "lines", startLine ${next}.`,
  };
}

const TARGET_EXAMPLES: Partial<Record<PartialMode, string>> = {
  heading: 'a heading path like "Parent::Child"',
  block: 'a block id like "^my-block"',
};

function checkPartialRequest(request: PartialRequest): void {
  const example = TARGET_EXAMPLES[request.mode];
  if (example !== undefined && (request.target ?? '').trim() === '') {
    throw new ToolError(
      'invalid_arguments',
      `mode "${request.mode}" needs target: ${example}. Mode "document-map" lists them.`,
    );
  }
  if (example === undefined && request.mode !== 'frontmatter' && request.target !== undefined) {
    throw new ToolError('invalid_arguments', `mode "${request.mode}" takes no target; drop it.`);
  }
  const hasLines = request.startLine !== undefined || request.endLine !== undefined;
  if (hasLines && request.mode !== 'lines') {
    throw new ToolError('invalid_arguments', 'startLine and endLine apply to mode "lines" only.');
  }
}
