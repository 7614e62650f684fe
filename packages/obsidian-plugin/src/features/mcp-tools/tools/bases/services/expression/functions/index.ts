/**
 * Every function of the language, by the type of value it is called on (`"a".lower()`) or as a
 * global (`now()`). A method is looked up on the value's own type first, then among the
 * functions of any value; a name no table has is not a documented function (check.ts names it
 * unsupported before anything is evaluated).
 */
import type { GlobalFunction, Method } from '../runtime.ts';
import { typeOf, type Value } from '../values.ts';
import { ANY_METHODS } from './any.ts';
import { DATE_METHODS } from './dates.ts';
import { FILE_METHODS, LINK_METHODS, OBJECT_METHODS } from './files.ts';
import { GLOBAL_FUNCTIONS, RENDER_ONLY } from './globals.ts';
import { LIST_METHODS } from './lists.ts';
import { NUMBER_METHODS } from './numbers.ts';
import { REGEXP_METHODS, STRING_METHODS } from './strings.ts';

export { RENDER_ONLY };
export { dateField } from './dates.ts';

const METHODS_BY_TYPE: Record<string, Record<string, Method>> = {
  string: STRING_METHODS,
  number: NUMBER_METHODS,
  list: LIST_METHODS,
  date: DATE_METHODS,
  file: FILE_METHODS,
  link: LINK_METHODS,
  object: OBJECT_METHODS,
  regexp: REGEXP_METHODS,
};

/** Names any table has: calling another is an unsupported expression, not an error of a row. */
export const METHOD_NAMES: ReadonlySet<string> = new Set(
  [ANY_METHODS, ...Object.values(METHODS_BY_TYPE)].flatMap((table) => Object.keys(table)),
);

/** Methods whose arguments are evaluated per element (`value`, `index`, `acc`). */
export const PER_ELEMENT = new Set(['filter', 'map', 'reduce']);

function own<T>(table: Record<string, T> | undefined, name: string): T | undefined {
  return table !== undefined && Object.hasOwn(table, name) ? table[name] : undefined;
}

/** The method `name` for this value, or undefined when its type has none. */
export function methodFor(value: Value, name: string): Method | undefined {
  return own(METHODS_BY_TYPE[typeOf(value)], name) ?? own(ANY_METHODS, name);
}

export function globalFunction(name: string): GlobalFunction | undefined {
  return own(GLOBAL_FUNCTIONS, name);
}
