/**
 * The list functions (help.obsidian.md/bases/functions, "List type"), and `mean()`, which the
 * documentation's own summary example uses (`values.mean().round(3)`). In `filter`, `map` and
 * `reduce` the argument is evaluated per element with `value`, `index` and `acc` bound.
 */
import { EvaluationError, type Method } from '../runtime.ts';
import { displayText, isList, isTruthy, sortOrder, valueEquals, type Value } from '../values.ts';

const self = (value: Value) => value as readonly Value[];
const has = (list: readonly Value[], wanted: Value) =>
  list.some((item) => valueEquals(item, wanted));

function whole(value: Value, what: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value))
    throw new EvaluationError(`${what} takes a number`);
  return Math.trunc(value);
}

export const LIST_METHODS: Record<string, Method> = {
  contains: (list, call) => has(self(list), call.arg(0)),
  containsAll: (list, call) => call.args().every((wanted) => has(self(list), wanted)),
  containsAny: (list, call) => call.args().some((wanted) => has(self(list), wanted)),
  filter: (list, call) =>
    self(list).filter((value, index) => isTruthy(call.lambda(0, { value, index }))),
  map: (list, call) => self(list).map((value, index) => call.lambda(0, { value, index })),
  reduce: (list, call) =>
    self(list).reduce<Value>(
      (acc, value, index) => call.lambda(0, { value, index, acc }),
      call.arg(1),
    ),
  flat: (list) => self(list).flatMap((item) => (isList(item) ? item : [item])),
  join: (list, call) => {
    const separator = call.count > 0 ? call.arg(0) : ',';
    if (typeof separator !== 'string') throw new EvaluationError('join() takes a separator text');
    return self(list).map(displayText).join(separator);
  },
  reverse: (list) => [...self(list)].reverse(),
  slice: (list, call) =>
    self(list).slice(
      whole(call.arg(0), 'slice()'),
      call.count > 1 ? whole(call.arg(1), 'slice()') : undefined,
    ),
  sort: (list) => [...self(list)].sort(sortOrder),
  unique: (list) =>
    self(list).filter((item, at, all) => all.findIndex((other) => valueEquals(other, item)) === at),
  mean: (list) => {
    const numbers = self(list).filter((item): item is number => typeof item === 'number');
    return numbers.length === 0
      ? null
      : numbers.reduce((sum, item) => sum + item, 0) / numbers.length;
  },
};
