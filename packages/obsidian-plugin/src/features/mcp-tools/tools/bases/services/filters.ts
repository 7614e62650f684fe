/**
 * A base's filters as a three-valued test of each row (help.obsidian.md/bases/syntax,
 * "Filters"): `and` holds when all hold, `or` when any does, `not` when none does. A statement
 * holds when its value is truthy; one that fails on a row (an error value in Obsidian) does not
 * hold. A statement this evaluator cannot evaluate (named in `unsupported`) is unknown: a row
 * is left out only when the statements that can be evaluated decide it is out whatever the
 * unknown ones would say, so an unsupported condition never filters a row out (Kleene's logic:
 * false `and` unknown is false, true `or` unknown is true, anything else with unknown is unknown).
 */
import type { FilterNode } from './base-config.ts';
import { checkExpression, type FormulaLookup } from './expression/check.ts';
import type { Node } from './expression/parser.ts';
import { isTruthy } from './expression/values.ts';
import type { RowScope, Unsupported } from './formulas.ts';

export type Verdict = 'yes' | 'no' | 'unknown';

type Compiled =
  | { kind: 'statement'; node: Node }
  | { kind: 'unknown' }
  | { kind: 'and' | 'or' | 'not'; items: Compiled[] };

export class RowFilter {
  private constructor(private readonly tree: Compiled | null) {}

  /** The filters that apply together (the base's and the view's: `and`), checked once. */
  static compile(
    nodes: readonly (FilterNode | null)[],
    formulas: FormulaLookup,
    unsupported: Unsupported[],
  ): RowFilter {
    const present = nodes.filter((node): node is FilterNode => node !== null);
    const tree =
      present.length === 0
        ? null
        : {
            kind: 'and' as const,
            items: present.map((node) => compile(node, formulas, unsupported)),
          };
    return new RowFilter(tree);
  }

  verdict(row: RowScope): Verdict {
    return this.tree === null ? 'yes' : verdictOf(this.tree, row);
  }
}

function compile(node: FilterNode, formulas: FormulaLookup, unsupported: Unsupported[]): Compiled {
  switch (node.kind) {
    case 'statement': {
      const checked = checkExpression(node.source, formulas);
      if (checked.ok) return { kind: 'statement', node: checked.node };
      unsupported.push({ expression: node.source, reason: checked.reason });
      return { kind: 'unknown' };
    }
    case 'invalid':
      unsupported.push({ expression: node.text, reason: node.reason });
      return { kind: 'unknown' };
    default:
      return {
        kind: node.kind,
        items: node.items.map((item) => compile(item, formulas, unsupported)),
      };
  }
}

function verdictOf(node: Compiled, row: RowScope): Verdict {
  switch (node.kind) {
    case 'statement': {
      const { value, error } = row.value(node.node);
      return error === undefined && isTruthy(value) ? 'yes' : 'no';
    }
    case 'unknown':
      return 'unknown';
    case 'and':
      return all(node.items, row);
    case 'or':
      return any(node.items, row);
    case 'not':
      return negate(node.items.length === 0 ? 'no' : any(node.items, row));
  }
}

function all(items: Compiled[], row: RowScope): Verdict {
  let verdict: Verdict = 'yes';
  for (const item of items) {
    const each = verdictOf(item, row);
    if (each === 'no') return 'no';
    if (each === 'unknown') verdict = 'unknown';
  }
  return verdict;
}

function any(items: Compiled[], row: RowScope): Verdict {
  if (items.length === 0) return 'yes';
  let verdict: Verdict = 'no';
  for (const item of items) {
    const each = verdictOf(item, row);
    if (each === 'yes') return 'yes';
    if (each === 'unknown') verdict = 'unknown';
  }
  return verdict;
}

function negate(verdict: Verdict): Verdict {
  return verdict === 'unknown' ? 'unknown' : verdict === 'yes' ? 'no' : 'yes';
}
