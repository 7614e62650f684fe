/**
 * The values of the Bases language and the rules every operator and function shares:
 * truthiness, equality, order, the text a value turns into, and the JSON a row carries.
 * Primitives are JavaScript's (null, boolean, number, string); a list is an array; the rest are
 * tagged objects. A date keeps whether it has a time (`date("2025-01-01")` has none).
 * A link keeps the file it resolves to (null when it resolves to nothing) and its text.
 */
import type { VaultFile } from '../../../../../../host/vault-host.ts';
import type { UserRegex } from '../../../../services/regex/index.ts';

export interface DateValue {
  kind: 'date';
  /** ms since the epoch. */
  ms: number;
  /** False for a date without a time of day. */
  time: boolean;
}

/** A span to add to a date: calendar months and days, then exact milliseconds. */
export interface DurationValue {
  kind: 'duration';
  months: number;
  days: number;
  ms: number;
}

export interface LinkValue {
  kind: 'link';
  /** The linktext as written (`Note`, `Folder/Note#Heading`, a URL). */
  text: string;
  /** The vault path it resolves to, or null. */
  path: string | null;
  display: string | null;
}

export interface FileValue {
  kind: 'file';
  file: VaultFile;
}

export interface ObjectValue {
  kind: 'object';
  entries: Readonly<Record<string, Value>>;
}

/** A regular expression, run as every user regex is (ADR-0008). */
export interface RegexValue {
  kind: 'regexp';
  regex: UserRegex;
}

export type Value =
  | null
  | boolean
  | number
  | string
  | readonly Value[]
  | DateValue
  | DurationValue
  | LinkValue
  | FileValue
  | ObjectValue
  | RegexValue;

export type TaggedValue =
  DateValue | DurationValue | LinkValue | FileValue | ObjectValue | RegexValue;

/** The type names `isType` knows. */
export function typeOf(value: Value): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'list';
  if (typeof value === 'object') return (value as TaggedValue).kind;
  return typeof value;
}

export function isTagged<K extends TaggedValue['kind']>(
  value: Value,
  kind: K,
): value is Extract<TaggedValue, { kind: K }> {
  return (
    value !== null &&
    typeof value === 'object' &&
    !Array.isArray(value) &&
    (value as TaggedValue).kind === kind
  );
}

export function isList(value: Value): value is readonly Value[] {
  return Array.isArray(value);
}

export function isTruthy(value: Value): boolean {
  if (value === null) return false;
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value !== 0 && !Number.isNaN(value);
  if (typeof value === 'string') return value !== '';
  if (isList(value)) return value.length > 0;
  if (isTagged(value, 'object')) return Object.keys(value.entries).length > 0;
  if (isTagged(value, 'duration')) return value.months !== 0 || value.days !== 0 || value.ms !== 0;
  return true;
}

/** Whether the value is empty: null, "", an empty list or object. */
export function isEmpty(value: Value): boolean {
  if (value === null || value === '') return true;
  if (isList(value)) return value.length === 0;
  if (isTagged(value, 'object')) return Object.keys(value.entries).length === 0;
  return false;
}

/** The file a value stands for (a file, or a link that resolves), as a path; else null. */
export function pathOf(value: Value): string | null {
  if (isTagged(value, 'file')) return value.file.path;
  if (isTagged(value, 'link')) return value.path;
  return null;
}

/**
 * `==`: same type and value; lists and objects item by item; dates by instant; a link equals
 * a link or file leading to the same file (or, unresolved, a link with the same text).
 */
export function valueEquals(a: Value, b: Value): boolean {
  if (a === null || b === null) return a === b;
  if (typeof a !== 'object' || typeof b !== 'object') return a === b;
  if (isList(a) || isList(b)) {
    return (
      isList(a) &&
      isList(b) &&
      a.length === b.length &&
      a.every((item, at) => valueEquals(item, b[at] as Value))
    );
  }
  if (isTagged(a, 'link') || isTagged(b, 'link')) return linkEquals(a, b);
  if (isTagged(a, 'file') && isTagged(b, 'file')) return a.file.path === b.file.path;
  if (isTagged(a, 'date') && isTagged(b, 'date')) return a.ms === b.ms;
  if (isTagged(a, 'duration') && isTagged(b, 'duration'))
    return a.months === b.months && a.days === b.days && a.ms === b.ms;
  if (isTagged(a, 'object') && isTagged(b, 'object')) {
    const keys = Object.keys(a.entries);
    return (
      keys.length === Object.keys(b.entries).length &&
      keys.every(
        (key) =>
          Object.hasOwn(b.entries, key) &&
          valueEquals(a.entries[key] as Value, b.entries[key] as Value),
      )
    );
  }
  if (isTagged(a, 'regexp') && isTagged(b, 'regexp')) return regexText(a) === regexText(b);
  return false;
}

function linkEquals(a: TaggedValue, b: TaggedValue): boolean {
  const [pathA, pathB] = [pathOf(a), pathOf(b)];
  if (pathA !== null || pathB !== null) return pathA === pathB;
  return isTagged(a, 'link') && isTagged(b, 'link') && a.text === b.text;
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/**
 * The order of `<` and friends: numbers (and text that spells one, as JavaScript compares),
 * strings (as people read them), dates, durations and booleans among their own kind; null when
 * the two cannot be compared (then `<` is false).
 */
export function compareValues(a: Value, b: Value): number | null {
  if (typeof a === 'number' && typeof b === 'number') return Number.isNaN(a - b) ? null : a - b;
  // As JavaScript compares them: text that is a number against a number (`"12.50" > 5`).
  if (typeof a === 'number' && typeof b === 'string') return compareValues(a, numeric(b));
  if (typeof a === 'string' && typeof b === 'number') return compareValues(numeric(a), b);
  if (typeof a === 'string' && typeof b === 'string')
    return collator.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  if (isTagged(a, 'date') && isTagged(b, 'date')) return a.ms - b.ms;
  if (isTagged(a, 'duration') && isTagged(b, 'duration')) return durationMs(a) - durationMs(b);
  return null;
}

/** The number a text spells (`" 12.5 "`), or null. */
export function numeric(text: string): number | null {
  const value = text.trim() === '' ? Number.NaN : Number(text);
  return Number.isFinite(value) ? value : null;
}

/** A duration's length, a month counted as 30 days (for comparing and multiplying only). */
export function durationMs(duration: DurationValue): number {
  return (duration.months * 30 + duration.days) * 86_400_000 + duration.ms;
}

/** Kinds in the order a sort puts mixed values in; null always last. */
const SORT_RANK = [
  'boolean',
  'number',
  'date',
  'duration',
  'string',
  'link',
  'file',
  'list',
  'object',
  'regexp',
];

/** The total order of a sort: comparable values by compareValues, others by kind, then text. */
export function sortOrder(a: Value, b: Value): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
  const compared = compareValues(a, b);
  if (compared !== null) return Math.sign(compared);
  const rank = SORT_RANK.indexOf(typeOf(a)) - SORT_RANK.indexOf(typeOf(b));
  return rank !== 0 ? Math.sign(rank) : collator.compare(displayText(a), displayText(b));
}

/** ISO-like local text of a date: `2025-01-01`, or `2025-01-01T09:30:00` with a time. */
export function dateText(date: DateValue): string {
  const at = new Date(date.ms);
  const pad = (value: number, width = 2) => String(value).padStart(width, '0');
  const day = `${pad(at.getFullYear(), 4)}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
  if (!date.time) return day;
  return `${day}T${pad(at.getHours())}:${pad(at.getMinutes())}:${pad(at.getSeconds())}`;
}

/** The text a value becomes in `toString()` and when added to a string. */
export function displayText(value: Value): string {
  if (value === null) return '';
  if (typeof value !== 'object') return String(value);
  if (isList(value)) return value.map(displayText).join(', ');
  switch (value.kind) {
    case 'date':
      return dateText(value).replace('T', ' ');
    case 'duration':
      return `${durationMs(value)}`;
    case 'link':
      return value.display ?? value.text;
    case 'file':
      return value.file.path;
    case 'object':
      return JSON.stringify(toJson(value));
    case 'regexp':
      return regexText(value);
  }
}

function regexText(value: RegexValue): string {
  return `/${value.regex.source}/${value.regex.flags}`;
}

/** What a row carries for a value: JSON, dates as local ISO text, links as `[[text]]`. */
export function toJson(value: Value): unknown {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (isList(value)) return value.map(toJson);
  switch (value.kind) {
    case 'date':
      return dateText(value);
    case 'duration':
      return durationMs(value);
    case 'link':
      if (/^[a-z][a-z0-9+.-]*:\/\//i.test(value.text)) return value.text; // a URL
      return value.display === null ? `[[${value.text}]]` : `[[${value.text}|${value.display}]]`;
    case 'file':
      return value.file.path;
    case 'object':
      return Object.fromEntries(
        Object.entries(value.entries).map(([key, inner]) => [key, toJson(inner)]),
      );
    case 'regexp':
      return regexText(value);
  }
}
