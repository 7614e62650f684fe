/**
 * Edits to the `tags` property of a note's frontmatter, made in place: only the entries that
 * change are rewritten, so the rest of the frontmatter (comments, order, quoting, other keys)
 * stays byte for byte. `tags` holds a string or a list, block (`- a`) or flow (`[a, b]`); each
 * entry, with or without its `#`, is a tag when Obsidian would read it as one (tags.ts).
 * - A renamed entry keeps its quoting and its `#`; a new name that plain YAML would read as
 *   something else (`true`, `1e3`) is double-quoted.
 * - A removed entry of a block list loses its line; a flow list is written again from its kept
 *   entries (`[a, b]`); a string value leaves `tags:` empty. An entry renamed to a tag the list
 *   already has (in any case) is removed instead, so no tag is listed twice.
 * - Added tags go at the end of the list as Obsidian writes lists (block, two spaces, no `#`);
 *   a string value becomes a block list; a note without `tags` gets the key before the closing
 *   `---`, and a note without frontmatter gets a block at its top.
 * YAML that does not parse as a mapping is left alone and reported (`invalid`), as Obsidian then
 * reads no tags from it. Why in place rather than through processFrontMatter: ADR-0040.
 */
import { isMap, isScalar, isSeq, parse, parseDocument, type Pair, type Scalar } from 'yaml';
import { frontmatterFence } from '../frontmatter.ts';
import { LineTable } from '../positions.ts';
import { isValidTagBody } from '../tags.ts';
import { applyEdits, type TextEdit } from '../text-edits.ts';

/** A tag's new name (without `#`), null to remove it, undefined to leave it as it is. */
export type TagRewrite = (tag: string) => string | null | undefined;

export interface TagChange {
  /** The tag as the note spelled it, without `#`. */
  from: string;
  /** Its new name, or null when it was removed. */
  to: string | null;
}

export interface FrontmatterTagsOutcome {
  text: string;
  changes: TagChange[];
  added: string[];
  /** The frontmatter is not a YAML mapping: nothing in it was changed. */
  invalid: boolean;
}

interface Entry {
  node: Scalar;
  /** The tag, without `#`. */
  tag: string;
  hash: boolean;
}

interface Block {
  /** Offset of the YAML source (the line after the opening `---`) in the note. */
  offset: number;
  source: string;
  /** Where the closing `---` line starts. */
  closing: number;
}

export function editFrontmatterTags(
  text: string,
  rewrite: TagRewrite,
  add: readonly string[] = [],
): FrontmatterTagsOutcome {
  const block = frontmatterBlock(text);
  if (block === null) {
    if (add.length === 0) return { text, changes: [], added: [], invalid: false };
    return {
      text: `---\ntags:\n${listLines(add, '  ')}---\n${text}`,
      changes: [],
      added: [...add],
      invalid: false,
    };
  }
  const document = parseDocument(block.source);
  const contents = document.contents;
  if (document.errors.length > 0 || (contents !== null && !isMap(contents))) {
    return { text, changes: [], added: [], invalid: true };
  }
  const pair = contents?.items.find((item) => isScalar(item.key) && item.key.value === 'tags');
  if (pair === undefined) {
    if (add.length === 0) return { text, changes: [], added: [], invalid: false };
    const edit = {
      start: block.closing,
      end: block.closing,
      replacement: `tags:\n${listLines(add, '  ')}`,
    };
    return { text: applyEdits(text, [edit]), changes: [], added: [...add], invalid: false };
  }
  const planned = planValue(block, pair as Pair<Scalar, unknown>, rewrite, add);
  const edits = planned.edits.map((edit) => ({
    ...edit,
    start: edit.start + block.offset,
    end: edit.end + block.offset,
  }));
  return {
    text: applyEdits(text, edits),
    changes: planned.changes,
    added: planned.added,
    invalid: false,
  };
}

function frontmatterBlock(text: string): Block | null {
  const lines = new LineTable(text);
  const fence = frontmatterFence(lines);
  if (fence === null) return null;
  const offset = lines.starts[1] as number;
  const closing = lines.starts[fence.closingLine] as number;
  return { offset, source: text.slice(offset, closing), closing };
}

interface Planned {
  edits: TextEdit[];
  changes: TagChange[];
  added: string[];
}

function planValue(
  block: Block,
  pair: Pair<Scalar, unknown>,
  rewrite: TagRewrite,
  add: readonly string[],
): Planned {
  const value = pair.value;
  if (isSeq(value)) {
    const entries = value.items.filter(isScalar).map(entryOf);
    const decided = decide(entries, rewrite, add);
    return value.flow === true
      ? {
          ...decided,
          edits: [
            flowEdit(block.source, value.range as [number, number, number], entries, decided),
          ],
        }
      : { ...decided, edits: blockEdits(block.source, entries, decided) };
  }
  if (isScalar(value) && value.value !== null && typeof value.value !== 'object') {
    const entry = entryOf(value);
    const decided = decide([entry], rewrite, add);
    return { ...decided, edits: scalarEdits(block.source, pair, entry, decided) };
  }
  if (isScalar(value) || value === null) {
    // `tags:` with no value: the added tags become its list.
    const at = lineEnd(block.source, (pair.key.range as number[])[1] as number);
    const { added } = decide([], rewrite, add);
    return {
      edits:
        added.length === 0
          ? []
          : [{ start: at, end: at, replacement: `\n${listLines(added, '  ').trimEnd()}` }],
      changes: [],
      added,
    };
  }
  return { edits: [], changes: [], added: [] };
}

/** A list entry or string value: text, numbers and booleans are read as tags (tags.ts). */
function entryOf(node: Scalar): Entry {
  const value = node.value;
  const scalar =
    typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
  const raw = scalar ? String(value).trim() : '';
  const hash = raw.startsWith('#');
  return { node, tag: hash ? raw.slice(1) : raw, hash };
}

interface Decided {
  /** Per entry: its new text (a tag), null to drop it, undefined to keep it. */
  outcomes: (string | null | undefined)[];
  changes: TagChange[];
  added: string[];
}

/**
 * What becomes of each entry, and which added tags are new to the list. An entry renamed to a
 * name another entry has (any case) is dropped instead, unless that other entry is a renamed
 * one that comes later; duplicates the list had before are left alone.
 */
function decide(entries: readonly Entry[], rewrite: TagRewrite, add: readonly string[]): Decided {
  const nexts = entries.map((entry) =>
    isValidTagBody(entry.tag) ? rewrite(entry.tag) : undefined,
  );
  const finals = entries.map((entry, index) => {
    const next = nexts[index];
    return next === undefined ? entry.tag.toLowerCase() : (next?.toLowerCase() ?? null);
  });
  const changes: TagChange[] = [];
  const outcomes = entries.map((entry, index) => {
    const next = nexts[index];
    if (next === undefined || next === entry.tag) return undefined;
    const duplicate =
      next !== null &&
      finals.some(
        (name, other) =>
          other !== index &&
          name === finals[index] &&
          (nexts[other] === undefined || other < index),
      );
    const outcome = duplicate ? null : next;
    changes.push({ from: entry.tag, to: outcome });
    return outcome;
  });
  const listed = new Set(finals.filter((name) => name !== null));
  const added: string[] = [];
  for (const tag of add) {
    if (listed.has(tag.toLowerCase())) continue;
    listed.add(tag.toLowerCase());
    added.push(tag);
  }
  return { outcomes, changes, added };
}

function blockEdits(source: string, entries: readonly Entry[], decided: Decided): TextEdit[] {
  const edits: TextEdit[] = [];
  entries.forEach((entry, index) => {
    const outcome = decided.outcomes[index];
    const [start, value] = entry.node.range as [number, number, number];
    if (outcome === null) {
      const end = Math.min(lineEnd(source, value) + 1, source.length);
      edits.push({ start: lineStart(source, start), end, replacement: '' });
    } else if (outcome !== undefined) {
      edits.push({ start, end: value, replacement: scalarText(entry, outcome) });
    }
  });
  const last = entries.at(-1);
  if (decided.added.length > 0 && last !== undefined) {
    const [start, end] = last.node.range as [number, number, number];
    const at = Math.min(lineEnd(source, end) + 1, source.length);
    const indent = source.slice(lineStart(source, start), source.lastIndexOf('-', start - 1));
    edits.push({ start: at, end: at, replacement: listLines(decided.added, indent) });
  }
  return edits;
}

function flowEdit(
  source: string,
  range: [number, number, number],
  entries: readonly Entry[],
  decided: Decided,
): TextEdit {
  const items: string[] = [];
  entries.forEach((entry, index) => {
    const outcome = decided.outcomes[index];
    if (outcome === null) return;
    const [start, end] = entry.node.range as [number, number, number];
    items.push(outcome === undefined ? source.slice(start, end) : scalarText(entry, outcome));
  });
  items.push(...decided.added.map(plainOrQuoted));
  return { start: range[0], end: range[1], replacement: `[${items.join(', ')}]` };
}

function scalarEdits(
  source: string,
  pair: Pair<Scalar, unknown>,
  entry: Entry,
  decided: Decided,
): TextEdit[] {
  const [start, end] = entry.node.range as [number, number, number];
  const outcome = decided.outcomes[0];
  if (decided.added.length === 0) {
    if (outcome === undefined) return [];
    if (outcome !== null) return [{ start, end, replacement: scalarText(entry, outcome) }];
  }
  // Removed, or turned into a block list for the added tags.
  const keyEnd = (pair.key.range as number[])[1] as number;
  const afterColon = source.indexOf(':', keyEnd) + 1;
  const first =
    outcome === null
      ? []
      : [outcome === undefined ? source.slice(start, end) : scalarText(entry, outcome)];
  const lines = [...first, ...decided.added.map(plainOrQuoted)];
  const replacement =
    lines.length === 0 ? '' : `\n${lines.map((line) => `  - ${line}`).join('\n')}`;
  return [{ start: afterColon, end, replacement }];
}

/** A renamed entry in its old style: quoted as it was, with its `#` if it had one. */
function scalarText(entry: Entry, tag: string): string {
  const value = entry.hash ? `#${tag}` : tag;
  if (entry.node.type === 'QUOTE_SINGLE') return `'${value}'`;
  if (entry.node.type === 'QUOTE_DOUBLE' || entry.hash) return JSON.stringify(value);
  return plainOrQuoted(value);
}

/** The value as a plain scalar when YAML reads that back as the same string; else double-quoted. */
function plainOrQuoted(value: string): string {
  let read: unknown;
  try {
    read = parse(value);
  } catch {
    read = undefined;
  }
  return read === value ? value : JSON.stringify(value);
}

function listLines(tags: readonly string[], indent: string): string {
  return tags.map((tag) => `${indent}- ${plainOrQuoted(tag)}\n`).join('');
}

function lineStart(text: string, offset: number): number {
  return text.lastIndexOf('\n', offset - 1) + 1;
}

/** Where the line holding `offset` ends (its `\n`, or the text's end). */
function lineEnd(text: string, offset: number): number {
  const newline = text.indexOf('\n', offset);
  return newline === -1 ? text.length : newline;
}
