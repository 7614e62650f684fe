/**
 * The two operators search_vault adds to JsonLogic:
 * - `{"glob": [pattern, value]}`: picomatch glob against a string (vault paths use "/" on every
 *   platform, so picomatch's Windows mode is always off);
 * - `{"regexp": [pattern, value, flags?]}`: a regex test, flags from "imsu" (a "g" is accepted
 *   and changes nothing). Patterns go through the same `compilePattern` as search_and_replace, so
 *   both refuse alike (`invalid_regex`, `unsupported_regex`) and both run in linear time under
 *   the search's RegexBudget (`regex_timeout`), which `withRegexBudget` installs while a rule
 *   is evaluated (json-logic-js calls operators synchronously and passes no context).
 * A value that is not a string (or a boxed String) never matches; a glob without a pattern
 * string fails with `invalid_query`. Compiled patterns are kept (a few hundred at most), so a
 * rule evaluated per note compiles once.
 *
 * json-logic-js keeps its operators in one module-wide table; `registerSearchOperators` adds
 * these two there (idempotently), and the rule check admits only known operators.
 */
import { ToolError } from '@mcp-connector/shared';
import * as jsonLogic from 'json-logic-js';
import picomatch from 'picomatch';
import { RegexBudget, compilePattern, type UserRegex } from '../../../services/regex/index.ts';

const MAX_PATTERN = 1000;
const MAX_COMPILED = 256;

const globs = new Map<string, (value: string) => boolean>();
const regexps = new Map<string, UserRegex>();
let activeBudget: RegexBudget | null = null;

export const SEARCH_OPERATORS = ['glob', 'regexp'] as const;

let registered = false;

export function registerSearchOperators(): void {
  if (registered) return;
  jsonLogic.add_operation('glob', globMatches);
  jsonLogic.add_operation('regexp', regexpMatches);
  registered = true;
}

export function globMatches(pattern: unknown, value: unknown): boolean {
  if (typeof pattern !== 'string' || pattern === '' || pattern.length > MAX_PATTERN) {
    throw new ToolError(
      'invalid_query',
      `glob takes [pattern, value]: a pattern string of 1-${MAX_PATTERN} characters, such as "Projects/**".`,
    );
  }
  const matcher = remember(globs, pattern, () => picomatch(pattern, { windows: false }));
  const text = stringOf(value);
  return text !== null && matcher(text);
}

export function regexpMatches(pattern: unknown, value: unknown, flags: unknown = ''): boolean {
  if (typeof pattern !== 'string' || typeof flags !== 'string' || pattern.length > MAX_PATTERN) {
    throw new ToolError(
      'invalid_regex',
      `regexp takes [pattern, value, flags?]: a pattern string of up to ${MAX_PATTERN} characters and flags from "imsu".`,
    );
  }
  const regexp = remember(regexps, `${flags}/${pattern}`, () => compilePattern(pattern, flags));
  const text = stringOf(value);
  return text !== null && regexp.test(text, activeBudget ?? new RegexBudget());
}

/** Runs `evaluate` with `budget` as the budget of every regexp operator it reaches. */
export function withRegexBudget<T>(budget: RegexBudget, evaluate: () => T): T {
  activeBudget = budget;
  try {
    return evaluate();
  } finally {
    activeBudget = null;
  }
}

/** The string a value holds; JsonLogic hands `{"var": ""}` over an array of strings boxed. */
function stringOf(value: unknown): string | null {
  if (typeof value === 'string') return value;
  return value instanceof String ? value.valueOf() : null;
}

function remember<T>(compiled: Map<string, T>, key: string, compile: () => T): T {
  let value = compiled.get(key);
  if (value === undefined) {
    value = compile();
    if (compiled.size >= MAX_COMPILED) compiled.clear();
    compiled.set(key, value);
  }
  return value;
}
