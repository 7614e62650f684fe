/**
 * Editing at a block (`^id`), as pure text transforms: append after the block (after a list
 * item's nested items), prepend before it, replace its text and keep the `^id` where it was
 * (end of the last line, or its own line). In a list, content lines take the item's indentation
 * so new items are siblings, and a replacement without its own list marker keeps the item's
 * marker and checkbox. `addBlock` puts a new block carrying the id at the end of the note.
 */
import type { BlockTarget } from './block-locate.ts';
import type { EditOperation } from './heading-edit.ts';
import { blockKindAt, lineKind, separator } from './layout.ts';
import {
  contentLines,
  lastNonBlank,
  lineEnd,
  lineStart,
  splice,
  type NoteText,
} from './note-lines.ts';

const LIST_MARKER = /^(?:[-*+]|\d{1,9}[.)])(?:[ \t]+\[.\])?[ \t]+/;
const BARE_MARKER = /^(?:[-*+]|\d{1,9}[.)])[ \t]+/;

/** The block's text without its `^id` (and the whitespace before the id). */
export function blockBody(note: NoteText, block: BlockTarget): string {
  return splitId(note.text.slice(block.start, block.end), block.id).body;
}

/** The note's text with `content` (agent text, any line endings) put at the block. */
export function editBlock(
  note: NoteText,
  block: BlockTarget,
  operation: EditOperation,
  content: string,
): string {
  const lines = contentLines(content);
  if (operation === 'replace') return replaceBlock(note, block, blockBody(note, block), lines);
  return operation === 'append'
    ? appendAfter(note, block, lines)
    : prependBefore(note, block, lines);
}

/** The block's text without its id, and the id with the whitespace before it. */
function splitId(source: string, id: string): { body: string; suffix: string } {
  const match = new RegExp(`\\s*\\^${id}[ \\t]*$`).exec(source);
  const at = match === null ? source.length : match.index;
  return { body: source.slice(0, at), suffix: source.slice(at) };
}

/** `body` is the block's text before its id; the id and everything after it stay. */
function replaceBlock(note: NoteText, block: BlockTarget, body: string, content: string[]): string {
  let first = content[0] as string;
  let hanging = block.indent;
  if (block.listItem) {
    first = first.trimStart();
    if (!BARE_MARKER.test(first)) first = (LIST_MARKER.exec(body)?.[0] ?? '') + first;
    // Continuation lines align with the item's text, so they stay inside the item.
    hanging += ' '.repeat(BARE_MARKER.exec(first)?.[0].length ?? 0);
  }
  const replacement = [first, ...content.slice(1).map((line) => hanging + line)];
  return splice(note.text, block.start, block.start + body.length, replacement.join(note.eol));
}

function appendAfter(note: NoteText, block: BlockTarget, content: string[]): string {
  const at = lineEnd(note.lines, block.lastLine);
  if (block.listItem) return splice(note.text, at, at, note.eol + indented(block, content, note));
  const gap = separator(
    blockKindAt(note.cache, block.endLine),
    lineKind(content[0] as string),
    note.eol,
  );
  return splice(note.text, at, at, gap + content.join(note.eol));
}

function prependBefore(note: NoteText, block: BlockTarget, content: string[]): string {
  const at = lineStart(note.lines, block.startLine);
  if (block.listItem) return splice(note.text, at, at, indented(block, content, note) + note.eol);
  const last = content[content.length - 1] as string;
  const gap = separator(lineKind(last), blockKindAt(note.cache, block.startLine), note.eol);
  return splice(note.text, at, at, content.join(note.eol) + gap);
}

function indented(block: BlockTarget, content: string[], note: NoteText): string {
  return content.map((line) => block.indent + line).join(note.eol);
}

/** A new paragraph (or list item) carrying the id, at the end of the note. */
export function addBlock(note: NoteText, id: string, content: string): string {
  const lines = contentLines(content);
  const block = [...lines.slice(0, -1), `${lines[lines.length - 1] ?? ''} ^${id}`.trimStart()];
  const last = lastNonBlank(note.lines, 0, note.lines.count);
  if (last === -1) {
    return splice(note.text, 0, 0, block.join(note.eol) + (note.text === '' ? '' : note.eol));
  }
  const at = lineEnd(note.lines, last);
  const gap = separator(blockKindAt(note.cache, last), lineKind(block[0] as string), note.eol);
  return splice(note.text, at, at, gap + block.join(note.eol));
}
