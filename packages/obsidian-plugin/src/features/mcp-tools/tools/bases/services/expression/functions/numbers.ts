/** The number functions (help.obsidian.md/bases/functions, "Number type"). */
import { EvaluationError, type Method } from '../runtime.ts';
import type { Value } from '../values.ts';

const self = (value: Value) => value as number;

/** Decimal places for round() and toFixed(): 0 to 100. */
function places(value: Value, what: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > 100)
    throw new EvaluationError(`${what} takes a whole number of places from 0 to 100`);
  return value;
}

export const NUMBER_METHODS: Record<string, Method> = {
  abs: (value) => Math.abs(self(value)),
  ceil: (value) => Math.ceil(self(value)),
  floor: (value) => Math.floor(self(value)),
  round: (value, call) => {
    if (call.count === 0) return Math.round(self(value));
    const scale = 10 ** places(call.arg(0), 'round()');
    return Math.round(self(value) * scale) / scale;
  },
  toFixed: (value, call) => self(value).toFixed(places(call.arg(0), 'toFixed()')),
};
