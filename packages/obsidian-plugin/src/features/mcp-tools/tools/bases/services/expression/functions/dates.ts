/**
 * Dates and durations (help.obsidian.md/bases/syntax, "Date arithmetic"; /bases/functions,
 * "Date type"): parsing a date from text, a duration from `"1M"`, `"2 hours"`, `"1y 2d"`,
 * adding one to a date on the calendar (Moment's rules: 31 January + 1 month is 28 or 29
 * February), and the date type's fields and functions. Dates are local time, as in Obsidian.
 */
import type { MomentFactory } from '../../../../../../../host/vault-host.ts';
import { EvaluationError, type Method } from '../runtime.ts';
import { isTagged, type DateValue, type DurationValue, type Value } from '../values.ts';

const DATE_FORMATS = [
  'YYYY-MM-DD',
  'YYYY-MM-DDTHH:mm',
  'YYYY-MM-DDTHH:mm:ss',
  'YYYY-MM-DDTHH:mm:ss.SSS',
  'YYYY-MM-DD HH:mm',
  'YYYY-MM-DD HH:mm:ss',
  'YYYY-MM-DD HH:mm:ss.SSS',
];

/** A date from ISO 8601 text (`2025-01-01`, `2025-01-01 12:00:00`, `2025-01-01T12:00Z`), or null. */
export function parseDate(text: string, moment: MomentFactory): DateValue | null {
  const trimmed = text.trim();
  let parsed = moment(trimmed, DATE_FORMATS, true);
  if (!parsed.isValid()) parsed = moment(trimmed, moment.ISO_8601, true);
  if (!parsed.isValid()) return null;
  return { kind: 'date', ms: parsed.valueOf(), time: trimmed.length > 10 };
}

/** What one of each unit adds (help.obsidian.md/bases/syntax, "Date arithmetic"). */
const ONE = new Map<string, { months?: number; days?: number; ms?: number }>();
for (const [names, amount] of [
  [['y', 'year', 'years'], { months: 12 }],
  [['M', 'month', 'months'], { months: 1 }],
  [['w', 'week', 'weeks'], { days: 7 }],
  [['d', 'day', 'days'], { days: 1 }],
  [['h', 'hour', 'hours'], { ms: 3_600_000 }],
  [['m', 'minute', 'minutes'], { ms: 60_000 }],
  [['s', 'second', 'seconds'], { ms: 1000 }],
] as const) {
  for (const name of names) ONE.set(name, amount);
}
const PART = /^\s*([+-]?\d+(?:\.\d+)?)\s*([A-Za-z]+)\s*,?/;

/** A duration from `"1M"`, `"2 hours"`, `"1y 2d 4h"`, or null when that is not one. */
export function parseDuration(text: string): DurationValue | null {
  const duration: DurationValue = { kind: 'duration', months: 0, days: 0, ms: 0 };
  let rest = text;
  if (rest.trim() === '') return null;
  while (rest.trim() !== '') {
    const match = PART.exec(rest);
    const unit = match === null ? undefined : ONE.get(match[2] as string);
    if (match === null || unit === undefined) return null;
    const amount = Number(match[1]);
    duration.months += amount * (unit.months ?? 0);
    duration.days += amount * (unit.days ?? 0);
    duration.ms += amount * (unit.ms ?? 0);
    rest = rest.slice(match[0].length);
  }
  return duration;
}

/** A duration from a duration, or text that reads as one; an error otherwise. */
export function toDuration(value: Value): DurationValue {
  if (isTagged(value, 'duration')) return value;
  const parsed = typeof value === 'string' ? parseDuration(value) : null;
  if (parsed === null) throw new EvaluationError(`${JSON.stringify(value)} is not a duration`);
  return parsed;
}

export function shiftDate(
  date: DateValue,
  by: DurationValue,
  sign: 1 | -1,
  moment: MomentFactory,
): DateValue {
  const shifted = moment(date.ms)
    .add(sign * by.months, 'months')
    .add(sign * by.days, 'days')
    .add(sign * by.ms, 'milliseconds');
  const time = date.time || by.ms % 86_400_000 !== 0;
  return { kind: 'date', ms: shifted.valueOf(), time };
}

export function scaleDuration(duration: DurationValue, factor: number): DurationValue {
  return {
    kind: 'duration',
    months: duration.months * factor,
    days: duration.days * factor,
    ms: duration.ms * factor,
  };
}

/** The start of the day of `ms`, local time. */
export function dayOf(ms: number, moment: MomentFactory): DateValue {
  return { kind: 'date', ms: moment(ms).startOf('day').valueOf(), time: false };
}

const FIELDS: Record<string, (at: Date) => number> = {
  year: (at) => at.getFullYear(),
  month: (at) => at.getMonth() + 1,
  day: (at) => at.getDate(),
  hour: (at) => at.getHours(),
  minute: (at) => at.getMinutes(),
  second: (at) => at.getSeconds(),
  millisecond: (at) => at.getMilliseconds(),
};

/** `date.year` and the other fields; undefined for a name dates do not have. */
export function dateField(date: DateValue, name: string): number | undefined {
  const field = Object.hasOwn(FIELDS, name) ? FIELDS[name] : undefined;
  return field?.(new Date(date.ms));
}

const asDate = (value: Value) => value as DateValue;

export const DATE_METHODS: Record<string, Method> = {
  date: (date, call) => dayOf(asDate(date).ms, call.runtime.moment),
  format: (date, call) => {
    const format = call.arg(0);
    if (typeof format !== 'string')
      throw new EvaluationError('format() takes a Moment.js format string');
    return call.runtime.moment(asDate(date).ms).format(format);
  },
  time: (date, call) => call.runtime.moment(asDate(date).ms).format('HH:mm:ss'),
  relative: (date, call) =>
    call.runtime.moment(asDate(date).ms).from(call.runtime.moment(call.runtime.now)),
};
