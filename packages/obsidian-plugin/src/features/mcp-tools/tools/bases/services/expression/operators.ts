/**
 * The operators (help.obsidian.md/bases/syntax, "Operators" and "Date arithmetic"): arithmetic
 * on numbers; `+` joins text when either side is text; a date plus or minus a duration (or text
 * that reads as one, `"1M"`) is a date; a date minus a date is milliseconds; a duration times or
 * divided by a number is a duration; lists join with `+`. Comparisons are false between values
 * that have no order between them. `&&`, `||` and `!` are in the evaluator (they short-circuit).
 */
import type { MomentFactory } from '../../../../../../host/vault-host.ts';
import type { BinaryOperator } from './parser.ts';
import { EvaluationError } from './runtime.ts';
import { scaleDuration, shiftDate, toDuration } from './functions/dates.ts';
import {
  compareValues,
  displayText,
  isList,
  isTagged,
  typeOf,
  valueEquals,
  type DurationValue,
  type Value,
} from './values.ts';

type Arithmetic = '+' | '-' | '*' | '/' | '%';

export function applyBinary(
  operator: Exclude<BinaryOperator, '&&' | '||'>,
  left: Value,
  right: Value,
  moment: MomentFactory,
): Value {
  switch (operator) {
    case '==':
      return valueEquals(left, right);
    case '!=':
      return !valueEquals(left, right);
    case '<':
    case '<=':
    case '>':
    case '>=':
      return compare(operator, left, right);
    default:
      return arithmetic(operator, left, right, moment);
  }
}

function compare(operator: '<' | '<=' | '>' | '>=', left: Value, right: Value): boolean {
  const order = compareValues(left, right);
  if (order === null) return false;
  if (operator === '<') return order < 0;
  if (operator === '<=') return order <= 0;
  if (operator === '>') return order > 0;
  return order >= 0;
}

function arithmetic(operator: Arithmetic, left: Value, right: Value, moment: MomentFactory): Value {
  if (typeof left === 'number' && typeof right === 'number')
    return onNumbers(operator, left, right);
  if (isTagged(left, 'date')) {
    if (operator === '-' && isTagged(right, 'date')) return left.ms - right.ms;
    if (operator === '+' || operator === '-')
      return shiftDate(left, toDuration(right), operator === '+' ? 1 : -1, moment);
  }
  if (isTagged(left, 'duration')) {
    const scaled = onDuration(operator, left, right);
    if (scaled !== null) return scaled;
  }
  if (operator === '+' && (typeof left === 'string' || typeof right === 'string'))
    return displayText(left) + displayText(right);
  if (operator === '+' && isList(left) && isList(right)) return [...left, ...right];
  throw new EvaluationError(`cannot ${operator} a ${typeOf(left)} and a ${typeOf(right)}`);
}

function onNumbers(operator: Arithmetic, left: number, right: number): number {
  switch (operator) {
    case '+':
      return left + right;
    case '-':
      return left - right;
    case '*':
      return left * right;
    case '/':
      return left / right;
    case '%':
      return left % right;
  }
}

function onDuration(operator: Arithmetic, left: DurationValue, right: Value): Value | null {
  if (operator === '*' && typeof right === 'number') return scaleDuration(left, right);
  if (operator === '/' && typeof right === 'number') return scaleDuration(left, 1 / right);
  if (operator === '+' || operator === '-') {
    const other =
      isTagged(right, 'duration') || typeof right === 'string' ? toDuration(right) : null;
    if (other !== null) return { kind: 'duration', ...sum(left, other, operator === '+' ? 1 : -1) };
  }
  return null;
}

function sum(a: DurationValue, b: DurationValue, sign: 1 | -1) {
  return {
    months: a.months + sign * b.months,
    days: a.days + sign * b.days,
    ms: a.ms + sign * b.ms,
  };
}
