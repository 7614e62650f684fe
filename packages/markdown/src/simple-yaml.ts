/**
 * A fast path for the frontmatter nearly every note has: a flat mapping of `key: value` lines
 * whose values are plain words, quoted text without escapes, integers, dates, `[a, b]` lists or
 * `- item` lists. For that subset it returns exactly what `yaml.parse` (YAML 1.2, core schema)
 * returns, key order included, at a fraction of the cost; for anything else (comments, nesting,
 * anchors, escapes, floats, block scalars, duplicate keys, tabs, CRLF...) it returns `undefined`
 * and the caller uses the full parser. When in doubt it answers `undefined`: the subset is kept
 * narrow on purpose, and simple-yaml.test.ts compares it with the full parser.
 */

/** Not simple: the full YAML parser must decide. */
const FALLBACK = undefined;

const KEY_LINE = /^([A-Za-z_][A-Za-z0-9_-]*(?: [A-Za-z0-9_-]+)*):(?: +(.*))?$/;
const SEQUENCE_ITEM = /^( *)- +(.*)$/;
const DOUBLE_QUOTED = /^"([^"\\]*)"$/;
const SINGLE_QUOTED = /^'([^']*)'$/;
const INTEGER = /^[0-9]{1,15}$/;
const DATE = /^[0-9]{4}-[0-9]{2}-[0-9]{2}$/;
const SPECIAL_WORDS = new Map<string, null | boolean>([
  ['null', null],
  ['Null', null],
  ['NULL', null],
  ['true', true],
  ['True', true],
  ['TRUE', true],
  ['false', false],
  ['False', false],
  ['FALSE', false],
]);

export function parseSimpleYaml(source: string): Record<string, unknown> | undefined {
  if (source.includes('\t') || source.includes('\r')) return FALLBACK;
  const lines = source.split('\n');
  const result: Record<string, unknown> = {};
  const keys = new Set<string>();
  let index = 0;
  while (index < lines.length) {
    const line = lines[index] as string;
    index++;
    if (line.trim() === '') continue;
    const match = KEY_LINE.exec(line.trimEnd());
    if (match === null) return FALLBACK;
    const key = match[1] as string;
    if (keys.has(key) || SPECIAL_WORDS.has(key) || key === '__proto__') return FALLBACK;
    keys.add(key);
    const raw = match[2] ?? '';
    if (raw !== '') {
      const value = valueOf(raw);
      if (value === FALLBACK) return FALLBACK;
      result[key] = value.value;
      continue;
    }
    const items = sequenceFrom(lines, index);
    if (items === FALLBACK) return FALLBACK;
    index = items.next;
    result[key] = items.values.length === 0 ? null : items.values;
  }
  return result;
}

/** The `- item` lines from `start` on (all at one indentation), or none. */
function sequenceFrom(
  lines: readonly string[],
  start: number,
): { values: unknown[]; next: number } | undefined {
  const values: unknown[] = [];
  let indent: number | null = null;
  let index = start;
  for (; index < lines.length; index++) {
    const line = (lines[index] as string).trimEnd();
    if (line === '') continue;
    const item = SEQUENCE_ITEM.exec(line);
    if (item === null) {
      if (line.startsWith(' ') || line.startsWith('-')) return FALLBACK;
      break;
    }
    const itemIndent = (item[1] as string).length;
    if (indent !== null && itemIndent !== indent) return FALLBACK;
    indent = itemIndent;
    const value = scalarOrQuoted(item[2] as string);
    if (value === FALLBACK) return FALLBACK;
    values.push(value.value);
  }
  return { values, next: index };
}

interface Value {
  value: unknown;
}

function valueOf(raw: string): Value | undefined {
  if (raw.startsWith('[')) return flowSequence(raw);
  return scalarOrQuoted(raw);
}

function scalarOrQuoted(raw: string): Value | undefined {
  const quoted = (DOUBLE_QUOTED.exec(raw) ?? SINGLE_QUOTED.exec(raw))?.[1];
  if (quoted === undefined) return plainScalar(raw, false);
  return isPrintable(quoted) ? { value: quoted } : FALLBACK;
}

function flowSequence(raw: string): Value | undefined {
  if (!raw.endsWith(']')) return FALLBACK;
  const inner = raw.slice(1, -1);
  if (/[[\]{}"'#]/.test(inner)) return FALLBACK;
  if (inner.trim() === '') return { value: [] };
  const values: unknown[] = [];
  for (const part of inner.split(',')) {
    const item = plainScalar(part.trim(), true);
    if (item === FALLBACK) return FALLBACK;
    values.push(item.value);
  }
  return { value: values };
}

/** A plain (unquoted) scalar resolved by the core schema, when its reading is beyond doubt. */
function plainScalar(text: string, inFlow: boolean): Value | undefined {
  if (text === '' || !startsPlainly(text.charCodeAt(0))) return FALLBACK;
  if (text.includes(' #') || text.endsWith(':') || text.includes(': ')) return FALLBACK;
  if ((inFlow && text.includes(':')) || !isPrintable(text)) return FALLBACK;
  const first = text.charCodeAt(0);
  if (first >= 48 && first <= 57) {
    if (INTEGER.test(text)) return { value: Number(text) };
    return DATE.test(text) ? { value: text } : FALLBACK;
  }
  const special = SPECIAL_WORDS.get(text);
  return special === undefined ? { value: text } : { value: special };
}

/** Letters, digits, `_`, `/` and printable non-ASCII: never an indicator, a dot or a sign. */
function startsPlainly(code: number): boolean {
  return (
    (code >= 48 && code <= 57) ||
    (code >= 65 && code <= 90) ||
    (code >= 97 && code <= 122) ||
    code === 95 ||
    code === 47 ||
    code >= 0xa1
  );
}

/** Only characters YAML reads as themselves on one line (no controls, odd spaces or breaks). */
function isPrintable(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || (code >= 0x7f && code <= 0xa0)) return false;
    if (code === 0x2028 || code === 0x2029 || code === 0xfeff || code === 0xfffe) return false;
  }
  return true;
}
