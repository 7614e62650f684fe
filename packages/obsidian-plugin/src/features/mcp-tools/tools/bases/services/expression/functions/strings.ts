/**
 * The string and regular-expression functions (help.obsidian.md/bases/functions, "String type",
 * "Regular expression type"). A regular expression is an agent's or a user's pattern run over
 * vault text, so it runs as every user regex does here (ADR-0008): linear time, within the
 * call's regex budget (`regex_timeout` past it).
 */
import { type RegexMatch } from '../../../../../services/regex/index.ts';
import { EvaluationError, type Call, type Method } from '../runtime.ts';
import { isTagged, type RegexValue, type Value } from '../values.ts';

function text(value: Value, what: string): string {
  if (typeof value !== 'string') throw new EvaluationError(`${what} takes text`);
  return value;
}

function whole(value: Value, what: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value))
    throw new EvaluationError(`${what} takes a number`);
  return Math.trunc(value);
}

const self = (value: Value) => value as string;

/** The text arguments of containsAll/containsAny. */
const texts = (call: Call) => call.args().map((arg) => text(arg, `${call.name}()`));

export const STRING_METHODS: Record<string, Method> = {
  contains: (value, call) => self(value).includes(text(call.arg(0), 'contains()')),
  containsAll: (value, call) => texts(call).every((part) => self(value).includes(part)),
  containsAny: (value, call) => texts(call).some((part) => self(value).includes(part)),
  startsWith: (value, call) => self(value).startsWith(text(call.arg(0), 'startsWith()')),
  endsWith: (value, call) => self(value).endsWith(text(call.arg(0), 'endsWith()')),
  lower: (value) => self(value).toLowerCase(),
  title: (value) =>
    self(value).replace(
      /(^|\s)(\S)/gu,
      (_all, space: string, first: string) => space + first.toUpperCase(),
    ),
  trim: (value) => self(value).trim(),
  reverse: (value) => [...self(value)].reverse().join(''),
  repeat: (value, call) => {
    const count = whole(call.arg(0), 'repeat()');
    if (count < 0 || count * self(value).length > 1_000_000)
      throw new EvaluationError('repeat() count out of range');
    return self(value).repeat(count);
  },
  slice: (value, call) =>
    self(value).slice(
      whole(call.arg(0), 'slice()'),
      call.count > 1 ? whole(call.arg(1), 'slice()') : undefined,
    ),
  split: (value, call) => {
    const separator = call.arg(0);
    const parts = isTagged(separator, 'regexp')
      ? splitByRegex(self(value), separator, call)
      : self(value).split(text(separator, 'split()'));
    return call.count > 1 ? parts.slice(0, Math.max(0, whole(call.arg(1), 'split()'))) : parts;
  },
  replace: (value, call) => {
    const [pattern, replacement] = [call.arg(0), text(call.arg(1), 'replace()')];
    if (!isTagged(pattern, 'regexp'))
      return self(value).replaceAll(text(pattern, 'replace()'), () => replacement);
    const found = matchesOf(self(value), pattern, call);
    return replaceMatches(
      self(value),
      pattern.regex.flags.includes('g') ? found : found.slice(0, 1),
      replacement,
    );
  },
};

export const REGEXP_METHODS: Record<string, Method> = {
  matches: (regex, call) => {
    const { regex: pattern } = regex as RegexValue;
    return pattern.test(text(call.arg(0), 'matches()'), call.runtime.regexBudget);
  },
};

function matchesOf(value: string, pattern: RegexValue, call: Call): RegexMatch[] {
  return pattern.regex.matches(value, call.runtime.regexBudget);
}

function splitByRegex(value: string, separator: RegexValue, call: Call): string[] {
  const parts: string[] = [];
  let from = 0;
  for (const match of matchesOf(value, separator, call)) {
    if (match.text === '' && (match.offset === 0 || match.offset >= value.length)) continue;
    parts.push(value.slice(from, match.offset));
    from = match.offset + match.text.length;
  }
  parts.push(value.slice(from));
  return parts;
}

/** The text with each match replaced, `$1`, `$<name>`, `$&` and `$$` expanded as JavaScript does. */
function replaceMatches(value: string, matches: RegexMatch[], replacement: string): string {
  let result = '';
  let from = 0;
  for (const match of matches) {
    result += value.slice(from, match.offset) + expand(replacement, match);
    from = match.offset + match.text.length;
  }
  return result + value.slice(from);
}

function expand(replacement: string, match: RegexMatch): string {
  return replacement.replace(/\$(\$|&|\d{1,2}|<([^>]*)>)/g, (all, token: string, name?: string) => {
    if (token === '$') return '$';
    if (token === '&') return match.text;
    if (name !== undefined) return match.groups?.[name] ?? '';
    const index = Number(token);
    return index >= 1 && index <= match.captures.length ? (match.captures[index - 1] ?? '') : all;
  });
}
