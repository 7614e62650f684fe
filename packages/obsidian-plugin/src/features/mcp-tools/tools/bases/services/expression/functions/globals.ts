/**
 * The global functions (help.obsidian.md/bases/functions, "Global"). `html()`, `image()` and
 * `icon()` make values that only render inside Obsidian's view: they are named unsupported
 * (RENDER_ONLY), never guessed at.
 */
import { EvaluationError, type Call, type GlobalFunction } from '../runtime.ts';
import { displayText, isList, isTagged, isTruthy } from '../values.ts';
import { dayOf, parseDate, toDuration } from './dates.ts';

/** Global functions that make a value only Obsidian's view can show. */
export const RENDER_ONLY = new Set(['html', 'image', 'icon']);

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

function numbers(call: Call): number[] {
  return call.args().map((value) => {
    if (typeof value !== 'number') throw new EvaluationError(`${call.name}() takes numbers`);
    return value;
  });
}

/** `Note`, `[[Note]]`, `[[Note|shown]]` -> the linktext and the display text written. */
function linkParts(text: string): { target: string; display: string | null } {
  const inner = /^!?\[\[(.*)\]\]$/s.exec(text.trim())?.[1];
  if (inner === undefined) return { target: text.trim(), display: null };
  const bar = inner.indexOf('|');
  return bar === -1
    ? { target: inner, display: null }
    : { target: inner.slice(0, bar), display: inner.slice(bar + 1) };
}

export const GLOBAL_FUNCTIONS: Record<string, GlobalFunction> = {
  if: (call) => (isTruthy(call.arg(0)) ? call.arg(1) : call.count > 2 ? call.arg(2) : null),
  now: (call) => ({ kind: 'date', ms: call.runtime.now, time: true }),
  today: (call) => dayOf(call.runtime.now, call.runtime.moment),
  date: (call) => {
    const value = call.arg(0);
    if (isTagged(value, 'date')) return value;
    const parsed = typeof value === 'string' ? parseDate(value, call.runtime.moment) : null;
    if (parsed === null)
      throw new EvaluationError(
        `date() cannot read ${JSON.stringify(displayText(value))} as a date`,
      );
    return parsed;
  },
  duration: (call) => toDuration(call.arg(0)),
  number: (call) => {
    const value = call.arg(0);
    if (typeof value === 'number') return value;
    if (typeof value === 'boolean') return value ? 1 : 0;
    if (isTagged(value, 'date')) return value.ms;
    const parsed = typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;
    if (Number.isNaN(parsed))
      throw new EvaluationError(
        `number() cannot read ${JSON.stringify(displayText(value))} as a number`,
      );
    return parsed;
  },
  list: (call) => {
    const value = call.arg(0);
    return isList(value) ? value : [value];
  },
  max: (call) => (call.count === 0 ? null : Math.max(...numbers(call))),
  min: (call) => (call.count === 0 ? null : Math.min(...numbers(call))),
  random: () => Math.random(),
  escapeHTML: (call) =>
    displayText(call.arg(0)).replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char),
  link: (call) => {
    const value = call.arg(0);
    const display = call.count > 1 ? displayText(call.arg(1)) : null;
    if (isTagged(value, 'file'))
      return { kind: 'link', text: value.file.path, path: value.file.path, display };
    if (isTagged(value, 'link')) return { ...value, display: display ?? value.display };
    if (typeof value !== 'string') throw new EvaluationError('link() takes a path or a file');
    const parts = linkParts(value);
    return call.runtime.link(parts.target, call.scope.file.path, display ?? parts.display);
  },
  file: (call) => {
    const value = call.arg(0);
    if (isTagged(value, 'file')) return value;
    let path: string | null;
    if (isTagged(value, 'link')) path = value.path;
    else if (typeof value === 'string')
      path =
        call.runtime.fileAt(value)?.path ??
        call.runtime.link(linkParts(value).target, call.scope.file.path, null).path;
    else throw new EvaluationError('file() takes a path, a link or a file');
    const found = path === null ? null : call.runtime.fileAt(path);
    return found === null ? null : { kind: 'file', file: found };
  },
};
