/**
 * A view's summaries (help.obsidian.md/bases/syntax, "Summaries"): per property, one of the
 * default summaries over the values of the rows the view shows, or a summary formula of the
 * base's `summaries` section evaluated with `values`, the list of those values. Numbers skip
 * what is not a number (text that spells one counts, as `toFixed` makes text), dates what is not
 * a date; Stddev is the population standard deviation.
 */
import type { VaultFile } from '../../../../../host/vault-host.ts';
import { checkExpression, type FormulaLookup } from './expression/check.ts';
import type { Evaluator } from './expression/evaluate.ts';
import { EvaluationError } from './expression/runtime.ts';
import {
  isEmpty,
  numeric,
  isTagged,
  toJson,
  valueEquals,
  type DateValue,
  type Value,
} from './expression/values.ts';
import type { Unsupported } from './formulas.ts';

/** The numbers among the values, text that spells one included (`toFixed` makes text). */
const numbers = (values: readonly Value[]) =>
  values.flatMap((value) => {
    const number = typeof value === 'string' ? numeric(value) : value;
    return typeof number === 'number' && Number.isFinite(number) ? [number] : [];
  });
const dates = (values: readonly Value[]) =>
  values.filter((value): value is DateValue => isTagged(value, 'date'));
const sum = (list: number[]) => list.reduce((total, value) => total + value, 0);
const orNull = <T>(list: T[], make: (list: T[]) => Value): Value =>
  list.length === 0 ? null : make(list);

/** The default summaries, by the name a view gives them. */
const DEFAULTS: Record<string, (values: readonly Value[]) => Value> = {
  Average: (values) => orNull(numbers(values), (list) => sum(list) / list.length),
  Min: (values) => orNull(numbers(values), (list) => Math.min(...list)),
  Max: (values) => orNull(numbers(values), (list) => Math.max(...list)),
  Sum: (values) => sum(numbers(values)),
  Range: (values) => {
    const list = numbers(values);
    if (list.length > 0) return Math.max(...list) - Math.min(...list);
    return orNull(
      dates(values),
      (found) =>
        Math.max(...found.map((date) => date.ms)) - Math.min(...found.map((date) => date.ms)),
    );
  },
  Median: (values) =>
    orNull(numbers(values), (list) => {
      const sorted = [...list].sort((a, b) => a - b);
      const middle = Math.floor(sorted.length / 2);
      return sorted.length % 2 === 1
        ? (sorted[middle] as number)
        : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
    }),
  Stddev: (values) =>
    orNull(numbers(values), (list) => {
      const mean = sum(list) / list.length;
      return Math.sqrt(sum(list.map((value) => (value - mean) ** 2)) / list.length);
    }),
  Earliest: (values) =>
    orNull(dates(values), (list) =>
      list.reduce((first, date) => (date.ms < first.ms ? date : first)),
    ),
  Latest: (values) =>
    orNull(dates(values), (list) => list.reduce((last, date) => (date.ms > last.ms ? date : last))),
  Checked: (values) => values.filter((value) => value === true).length,
  Unchecked: (values) => values.filter((value) => value === false).length,
  Empty: (values) => values.filter(isEmpty).length,
  Filled: (values) => values.filter((value) => !isEmpty(value)).length,
  Unique: (values) =>
    values.filter(
      (value, at) =>
        !isEmpty(value) && values.findIndex((other) => valueEquals(other, value)) === at,
    ).length,
};

export interface Summary {
  summary: string;
  value: unknown;
}

/** Each requested summary over `valuesOf(property)`; what cannot be evaluated goes to `unsupported`. */
export function summarize(
  requested: Readonly<Record<string, string>>,
  custom: Readonly<Record<string, unknown>>,
  valuesOf: (property: string) => Value[],
  context: {
    evaluator: Evaluator;
    base: VaultFile;
    formulas: FormulaLookup;
    unsupported: Unsupported[];
  },
): Record<string, Summary> {
  const results: Record<string, Summary> = {};
  for (const [property, name] of Object.entries(requested)) {
    const value = summaryOf(name, custom, valuesOf(property), context);
    if (value !== undefined) results[property] = { summary: name, value: toJson(value) };
  }
  return results;
}

function summaryOf(
  name: string,
  custom: Readonly<Record<string, unknown>>,
  values: Value[],
  context: {
    evaluator: Evaluator;
    base: VaultFile;
    formulas: FormulaLookup;
    unsupported: Unsupported[];
  },
): Value | undefined {
  if (Object.hasOwn(custom, name)) {
    const checked = checkExpression(String(custom[name]), context.formulas);
    if (!checked.ok) {
      context.unsupported.push({
        expression: `summaries.${name}: ${String(custom[name])}`,
        reason: checked.reason,
      });
      return undefined;
    }
    const scope = {
      file: context.base,
      self: context.base,
      formula: () => {
        throw new EvaluationError('a summary has no row to take a formula of');
      },
      local: (local: string) => (local === 'values' ? values : undefined),
    };
    try {
      return context.evaluator.evaluate(checked.node, scope);
    } catch (error) {
      if (error instanceof EvaluationError) return null;
      throw error;
    }
  }
  const summary = Object.hasOwn(DEFAULTS, name) ? DEFAULTS[name] : undefined;
  if (summary !== undefined) return summary(values);
  context.unsupported.push({
    expression: `summary ${name}`,
    reason: `no summary ${name}: neither a default one nor in the base's summaries`,
  });
  return undefined;
}
