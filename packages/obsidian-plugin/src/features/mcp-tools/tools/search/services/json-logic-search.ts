/**
 * JsonLogic search: a rule (an object, or its JSON text) evaluated against each note as
 * `{path, content, frontmatter, tags, stat}`; the notes for which it is truthy (JsonLogic's
 * truthiness: an empty array is false) match, in path order.
 *
 * The rule is checked before any note is read: every operation must be a standard JsonLogic
 * operator (except `log`, which would write to the console) or one of ours (`glob`, `regexp`),
 * nesting at most 64 deep. A bad regexp fails with `invalid_regex` or `unsupported_regex`, one
 * that runs out of its time budget on a note with `regex_timeout` naming the note; anything else that throws while
 * evaluating fails with `invalid_query`, naming the note it failed on. The loop reports progress,
 * stops when the call is stopped and yields to the event loop between notes
 * (services/long-steps.ts), so a long search never holds up other requests.
 */
import { MAX_JSON_DEPTH, ToolError, jsonNestsDeeperThan } from '@mcp-connector/shared';
import * as jsonLogic from 'json-logic-js';
import type { NoteText, VaultHost } from '../../../../../host/vault-host.ts';
import { bareTags } from '../../../services/tags.ts';
import { longSteps } from '../../../services/long-steps.ts';
import { RegexBudget } from '../../../services/regex/index.ts';
import type { ToolContext } from '../../../tool-context.ts';
import {
  SEARCH_OPERATORS,
  registerSearchOperators,
  withRegexBudget,
} from './json-logic-operators.ts';

const STANDARD_OPERATORS = [
  ...['==', '===', '!=', '!==', '>', '>=', '<', '<=', '!', '!!', 'and', 'or', 'if', '?:'],
  ...['var', 'missing', 'missing_some', 'in', 'cat', 'substr'],
  ...['+', '-', '*', '/', '%', 'min', 'max'],
  ...['map', 'filter', 'reduce', 'all', 'none', 'some', 'merge'],
];
const OPERATORS = new Set<string>([...STANDARD_OPERATORS, ...SEARCH_OPERATORS]);
const MAX_DEPTH = MAX_JSON_DEPTH;

/** The rule a `query` argument holds, checked; `invalid_query` when it is not usable. */
export function parseRule(query: unknown): unknown {
  let rule = query;
  if (typeof query === 'string') {
    if (jsonNestsDeeperThan(query, MAX_DEPTH))
      throw new ToolError('invalid_query', `The rule nests deeper than ${MAX_DEPTH} levels.`);
    try {
      rule = JSON.parse(query);
    } catch (error) {
      throw new ToolError(
        'invalid_query',
        `The jsonlogic query is not valid JSON (${(error as Error).message}); pass a rule such as {"glob": ["Projects/**", {"var": "path"}]}.`,
      );
    }
  }
  checkOperations(rule, 0);
  return rule;
}

/** Paths of the notes the rule matches, sorted by path. */
export async function notesMatching(
  ctx: Pick<ToolContext, 'host' | 'signal' | 'progress'>,
  rule: unknown,
): Promise<string[]> {
  registerSearchOperators();
  const { host } = ctx;
  const budget = new RegexBudget();
  const matches: string[] = [];
  const notes = await host.answers().noteTexts();
  await longSteps(ctx, notes, 'Evaluating the rule on notes', (note) => {
    const data = noteData(host, note);
    budget.forNote(note.path);
    if (data !== null && withRegexBudget(budget, () => evaluate(rule, data, note.path)))
      matches.push(note.path);
  });
  return matches;
}

function checkOperations(node: unknown, depth: number): void {
  if (depth > MAX_DEPTH) {
    throw new ToolError('invalid_query', `The rule nests deeper than ${MAX_DEPTH} levels.`);
  }
  if (Array.isArray(node)) {
    for (const item of node) checkOperations(item, depth + 1);
    return;
  }
  if (!isOperation(node)) return;
  const [operator, argument] = Object.entries(node)[0] as [string, unknown];
  if (!OPERATORS.has(operator)) {
    throw new ToolError(
      'invalid_query',
      `Unknown operator "${operator}". Use JsonLogic operators (var, ==, and, in, some, ...) or glob and regexp.`,
      { operator },
    );
  }
  checkOperations(argument, depth + 1);
}

/** JsonLogic reads an object with exactly one key as an operation, anything else as data. */
function isOperation(node: unknown): node is Record<string, unknown> {
  return typeof node === 'object' && node !== null && Object.keys(node).length === 1;
}

/** What a rule sees of a note; tags and frontmatter are looked up only if the rule reads them. */
function noteData(host: VaultHost, note: NoteText): Record<string, unknown> | null {
  const file = host.getFile(note.path);
  if (file === null) return null;
  let tags: string[] | undefined;
  return Object.defineProperties(
    { path: note.path, content: note.text, stat: file.stat },
    {
      frontmatter: {
        enumerable: true,
        get: () => host.getFileCache(note.path)?.frontmatter ?? {},
      },
      tags: { enumerable: true, get: () => (tags ??= bareTags(host.getAllTags(note.path))) },
    },
  );
}

function evaluate(rule: unknown, data: Record<string, unknown>, path: string): boolean {
  try {
    return jsonLogic.truthy(jsonLogic.apply(rule as jsonLogic.RulesLogic, data));
  } catch (error) {
    if (error instanceof ToolError) throw error;
    throw new ToolError(
      'invalid_query',
      `The rule failed on ${path}: ${(error as Error).message}. Check each operator's arguments.`,
      { path },
    );
  }
}
