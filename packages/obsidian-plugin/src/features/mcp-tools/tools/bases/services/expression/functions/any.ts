/**
 * The functions of every value, null included (help.obsidian.md/bases/functions, "Any type",
 * and each type's `isEmpty`): a missing property answers `isEmpty()` with true, as the
 * documentation says of strings and numbers "not present".
 */
import { EvaluationError, type Method } from '../runtime.ts';
import { displayText, isEmpty, isTruthy, typeOf, type Value } from '../values.ts';

export const ANY_METHODS: Record<string, Method> = {
  isTruthy: (value) => isTruthy(value),
  isEmpty: (value) => isEmpty(value),
  toString: (value: Value) => displayText(value),
  isType: (value, call) => {
    const type = call.arg(0);
    if (typeof type !== 'string') throw new EvaluationError('isType() takes a type name');
    return typeOf(value) === type.toLowerCase();
  },
};
