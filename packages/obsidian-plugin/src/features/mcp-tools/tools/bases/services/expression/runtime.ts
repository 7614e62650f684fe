/**
 * What evaluating an expression needs from outside the expression: the vault as a base sees it
 * (`BaseRuntime`, built once per query in ../base-vault.ts), the row being evaluated (`Scope`),
 * and, inside a function, its arguments (`Call`). Kept apart from the evaluator so the function
 * tables can name these types without importing it.
 */
import type { MomentFactory, VaultFile } from '../../../../../../host/vault-host.ts';
import type { RegexBudget } from '../../../../services/regex/index.ts';
import type { LinkValue, ObjectValue, Value } from './values.ts';

/** A failure of an expression on one row, as Obsidian shows an error in a cell. */
export class EvaluationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EvaluationError';
  }
}

export interface BaseRuntime {
  readonly moment: MomentFactory;
  /** The moment the query started, ms since the epoch: `now()` is the same for every row. */
  readonly now: number;
  /** The call's regex time, shared by every regular expression of the query (ADR-0008). */
  readonly regexBudget: RegexBudget;
  /** A file property (`file.name`, `file.tags`...); undefined for a name files do not have. */
  fileMember(file: VaultFile, name: string): Value | undefined;
  /** A note property, converted by its type (types.json); null when the note has none. */
  noteProperty(file: VaultFile, key: string): Value;
  noteProperties(file: VaultFile): ObjectValue;
  hasProperty(file: VaultFile, key: string): boolean;
  /** Whether the file has one of the tags (no `#`), or a tag nested under one. */
  hasTag(file: VaultFile, tags: readonly string[]): boolean;
  /** Whether `file` links to the file `target` stands for (a file, a link, or a linktext). */
  hasLink(file: VaultFile, target: Value): boolean;
  /** A link as written from `source` (`Note`, `[[Note|shown]]`, a URL), resolved. */
  link(text: string, source: string, display: string | null): LinkValue;
  fileAt(path: string): VaultFile | null;
}

/** The row an expression is evaluated for. */
export interface Scope {
  /** The file of the row (`file`). */
  readonly file: VaultFile;
  /** What `this` is: the base file itself, as when the base is opened in Obsidian. */
  readonly self: VaultFile;
  /** A formula's value for this row (`formula.name`). */
  formula(name: string): Value;
  /** `value`, `index`, `acc` inside list functions, `values` in a summary. */
  local(name: string): Value | undefined;
}

/** A function's arguments, evaluated when asked (so `if` evaluates one branch only). */
export interface Call {
  readonly name: string;
  readonly count: number;
  readonly runtime: BaseRuntime;
  readonly scope: Scope;
  arg(index: number): Value;
  args(): Value[];
  /** Evaluates argument `index` with extra names (`value`, `index`, `acc`). */
  lambda(index: number, locals: Readonly<Record<string, Value>>): Value;
}

export type Method = (receiver: Value, call: Call) => Value;
export type GlobalFunction = (call: Call) => Value;
