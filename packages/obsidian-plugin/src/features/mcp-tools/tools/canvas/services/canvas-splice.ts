/**
 * Adding one node or edge to a canvas's text as a minimal splice, so the file keeps every other
 * byte (field order, number spelling, escapes, line endings) and its diff is just the new item.
 * The item is written in the style of the items already there: one compact line per item as
 * Obsidian writes them, or the file's own multi-line indentation, or its spacing after ':' and
 * ','. A missing array is added as a new member; a blank file becomes Obsidian's empty canvas.
 */
import { scanJson, type JsonLayout, type JsonMember } from './json-layout.ts';

type ObjectLayout = Extract<JsonLayout, { kind: 'object' }>;
type ArrayLayout = Extract<JsonLayout, { kind: 'array' }>;
export type CanvasArray = 'nodes' | 'edges';

/** What Obsidian writes for a canvas with nothing on it. */
export const EMPTY_CANVAS = '{\n\t"nodes":[],\n\t"edges":[]\n}';

interface ItemStyle {
  multiline: boolean;
  /** Indentation step inside a multi-line item. */
  unit: string;
  colon: string;
  comma: string;
  /** Spacing inside a compact item's braces. */
  open: string;
  close: string;
}

const OBSIDIAN_STYLE: ItemStyle = {
  multiline: false,
  unit: '\t',
  colon: ':',
  comma: ',',
  open: '',
  close: '',
};

/** The text with `item` added at the end of its array. The text must be a validated canvas. */
export function appendCanvasItem(text: string, key: CanvasArray, item: object): string {
  let withArray = text.trim() === '' ? EMPTY_CANVAS : text;
  let root = scanJson(withArray) as ObjectLayout;
  if (arrayOf(root, key) === undefined) {
    withArray = addEmptyArray(withArray, root, key);
    root = scanJson(withArray) as ObjectLayout;
  }
  const array = arrayOf(root, key) as ArrayLayout;
  const style = itemStyle(withArray, root, key);
  const eol = withArray.includes('\r\n') ? '\r\n' : '\n';
  const write = (indent: string) => serialize(item, style, indent, eol);
  const last = array.items[array.items.length - 1];
  if (last !== undefined) {
    const separator = itemSeparator(withArray, array, style);
    const at = last.end;
    return splice(withArray, at, at, separator + write(lineIndent(withArray, last.start)));
  }
  if (!spansLines(withArray, root))
    return splice(withArray, array.start + 1, array.end - 1, write(''));
  const outer = lineIndent(withArray, array.start);
  const inner = outer + indentUnit(withArray, root);
  return splice(
    withArray,
    array.start + 1,
    array.end - 1,
    eol + inner + write(inner) + eol + outer,
  );
}

/**
 * What goes between the last item and the new one: what already stands between two items, or
 * with one item, a comma and the line break and indentation before it (or the item's own
 * spacing after commas, when it shares the bracket's line).
 */
function itemSeparator(text: string, array: ArrayLayout, style: ItemStyle): string {
  const { items } = array;
  const [first, before, last] = [items[0], items[items.length - 2], items[items.length - 1]];
  if (before !== undefined && last !== undefined) return text.slice(before.end, last.start);
  const gap = text.slice(array.start + 1, first?.start);
  return gap.includes('\n') ? `,${gap}` : style.comma;
}

/** Adds `"key":[]` after the last member, in the members' style. */
function addEmptyArray(text: string, root: ObjectLayout, key: CanvasArray): string {
  const { members } = root;
  const first = members[0];
  const member = `${JSON.stringify(key)}${first === undefined ? ':' : text.slice(first.keyEnd, first.value.start)}[]`;
  const last = members[members.length - 1];
  if (first === undefined || last === undefined) {
    const eol = text.includes('\r\n') ? '\r\n' : '\n';
    const outer = lineIndent(text, root.start);
    return splice(text, root.start + 1, root.end - 1, `${eol}${outer}\t${member}${eol}${outer}`);
  }
  const before = members[members.length - 2];
  const separator =
    before === undefined
      ? `,${text.slice(root.start + 1, first.keyStart)}`
      : text.slice(before.value.end, last.keyStart);
  return splice(text, last.value.end, last.value.end, separator + member);
}

function arrayOf(root: ObjectLayout, key: CanvasArray): JsonLayout | undefined {
  return root.members.findLast((member) => member.key === key)?.value;
}

/** The style of the last object item already in this array, or else in the other one. */
function itemStyle(text: string, root: ObjectLayout, key: CanvasArray): ItemStyle {
  const sample = [key, key === 'nodes' ? 'edges' : 'nodes']
    .map((name) => arrayOf(root, name as CanvasArray))
    .flatMap((array) => (array?.kind === 'array' ? [...array.items].reverse() : []))
    .find((item): item is ObjectLayout => item.kind === 'object' && item.members.length > 0);
  if (sample === undefined) return OBSIDIAN_STYLE;
  const members = sample.members as [JsonMember, ...JsonMember[]];
  const first = members[0];
  const last = members[members.length - 1] as JsonMember;
  if (spansLines(text, sample)) {
    const unit = lineIndent(text, first.keyStart).slice(lineIndent(text, sample.start).length);
    return { ...OBSIDIAN_STYLE, multiline: true, unit: unit === '' ? '\t' : unit };
  }
  const second = members[1];
  return {
    ...OBSIDIAN_STYLE,
    colon: text.slice(first.keyEnd, first.value.start),
    comma: second === undefined ? ',' : text.slice(first.value.end, second.keyStart),
    open: text.slice(sample.start + 1, first.keyStart),
    close: text.slice(last.value.end, sample.end - 1),
  };
}

function serialize(value: unknown, style: ItemStyle, indent: string, eol: string): string {
  if (style.multiline)
    return JSON.stringify(value, null, style.unit).replaceAll('\n', eol + indent);
  return compact(value, style);
}

function compact(value: unknown, style: ItemStyle): string {
  if (Array.isArray(value))
    return `[${value.map((item) => compact(item, style)).join(style.comma)}]`;
  if (typeof value !== 'object' || value === null) return JSON.stringify(value);
  const fields = Object.entries(value)
    .filter(([, field]) => field !== undefined)
    .map(([name, field]) => `${JSON.stringify(name)}${style.colon}${compact(field, style)}`);
  return `{${style.open}${fields.join(style.comma)}${style.close}}`;
}

/** The indentation step of the top-level members ('\t' when there is none to copy). */
function indentUnit(text: string, root: ObjectLayout): string {
  const first = root.members[0];
  if (first === undefined) return '\t';
  const unit = lineIndent(text, first.keyStart).slice(lineIndent(text, root.start).length);
  return unit === '' ? '\t' : unit;
}

/** The spaces and tabs that open the line holding `offset`. */
function lineIndent(text: string, offset: number): string {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  return /^[ \t]*/.exec(text.slice(lineStart, offset))?.[0] ?? '';
}

function spansLines(text: string, layout: JsonLayout): boolean {
  return text.slice(layout.start, layout.end).includes('\n');
}

function splice(text: string, start: number, end: number, insert: string): string {
  return text.slice(0, start) + insert + text.slice(end);
}
