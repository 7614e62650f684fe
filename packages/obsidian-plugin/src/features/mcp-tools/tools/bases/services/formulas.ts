/**
 * A base's formulas, each checked once (expression/check.ts) before any row is evaluated, and
 * the per-row scope that evaluates them on demand, each at most once a row. A formula may use
 * another (`formula.other`); one that comes back to itself is named unsupported (circular), as
 * is one that uses an unsupported formula.
 */
import type { VaultFile } from '../../../../../host/vault-host.ts';
import { checkExpression, type Checked, type FormulaLookup } from './expression/check.ts';
import type { Evaluator } from './expression/evaluate.ts';
import type { Node } from './expression/parser.ts';
import { EvaluationError, type Scope } from './expression/runtime.ts';
import type { Value } from './expression/values.ts';

export interface Unsupported {
  expression: string;
  reason: string;
}

export class Formulas {
  private readonly states = new Map<string, Checked | 'checking'>();

  constructor(private readonly sources: Readonly<Record<string, unknown>>) {
    for (const name of Object.keys(sources)) this.lookup(name);
  }

  /** What `formula.name` finds, checking the formula (and those it uses) on first ask. */
  readonly lookup: FormulaLookup = (name) => {
    if (!Object.hasOwn(this.sources, name)) return 'missing';
    const state = this.states.get(name);
    if (state === 'checking')
      return { unsupported: `formula.${name} is circular: it comes back to itself` };
    if (state !== undefined) return state.ok ? 'ok' : { unsupported: state.reason };
    this.states.set(name, 'checking');
    const source = this.sources[name];
    const checked: Checked =
      typeof source === 'string' || typeof source === 'number'
        ? checkExpression(String(source), this.lookup)
        : { ok: false, reason: 'a formula must be text' };
    this.states.set(name, checked);
    return checked.ok ? 'ok' : { unsupported: checked.reason };
  };

  node(name: string): Node | null {
    const state = this.states.get(name);
    return state !== undefined && state !== 'checking' && state.ok ? state.node : null;
  }

  /** The formulas this evaluator cannot evaluate, each with its reason. */
  unsupported(): Unsupported[] {
    return [...this.states].flatMap(([name, state]) =>
      state === 'checking' || state.ok
        ? []
        : [{ expression: `formula.${name}: ${String(this.sources[name])}`, reason: state.reason }],
    );
  }
}

/** One file as a row: `file`, `this`, and its formulas, each evaluated at most once. */
export class RowScope implements Scope {
  private readonly values = new Map<string, Value | EvaluationError>();

  constructor(
    readonly file: VaultFile,
    readonly self: VaultFile,
    private readonly formulas: Formulas,
    private readonly evaluator: Evaluator,
  ) {}

  formula(name: string): Value {
    let value = this.values.get(name);
    if (value === undefined) {
      const node = this.formulas.node(name);
      value =
        node === null
          ? new EvaluationError(`formula.${name} cannot be evaluated`)
          : this.evaluateOnce(node);
      this.values.set(name, value);
    }
    if (value instanceof EvaluationError) throw value;
    return value;
  }

  local(): Value | undefined {
    return undefined;
  }

  /** The value of `node` here, or null and the reason it failed on this row. */
  value(node: Node): { value: Value; error?: string } {
    try {
      return { value: this.evaluator.evaluate(node, this) };
    } catch (error) {
      if (error instanceof EvaluationError) return { value: null, error: error.message };
      throw error;
    }
  }

  private evaluateOnce(node: Node): Value | EvaluationError {
    try {
      return this.evaluator.evaluate(node, this);
    } catch (error) {
      if (error instanceof EvaluationError) return error;
      throw error;
    }
  }
}
