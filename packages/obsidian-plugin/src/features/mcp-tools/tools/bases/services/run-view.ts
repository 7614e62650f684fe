/**
 * One view of a base, evaluated over the vault: every file is a candidate (a base has no
 * `from`), kept by the base's and the view's filters together; sorted by the view's groupBy
 * property first, then its sort keys (empty values last either way; ties by path); cut to the
 * view's limit; each row with the properties the view's `order` shows (`file.name` when it shows
 * none), and the view's summaries over the rows it shows. Rows a filter could not decide
 * (filters.ts) are kept and marked `undecided`; a value that fails on a row is null there and
 * listed in `errors`.
 */
import type { VaultFile } from '../../../../../host/vault-host.ts';
import { longSteps } from '../../../services/long-steps.ts';
import type { ToolContext } from '../../../tool-context.ts';
import { byName } from '../../../services/note-files.ts';
import type { BaseConfig, SortKey, ViewConfig } from './base-config.ts';
import { BaseVault } from './base-vault.ts';
import { unsupportedIn } from './expression/check.ts';
import { Evaluator } from './expression/evaluate.ts';
import type { Node } from './expression/parser.ts';
import { sortOrder, toJson, type Value } from './expression/values.ts';
import { RowFilter } from './filters.ts';
import { Formulas, RowScope, type Unsupported } from './formulas.ts';
import { summarize, type Summary } from './summaries.ts';

/** The most row errors listed; `errorsTotal` counts them all. */
const MAX_ERRORS = 20;

export interface BaseRow {
  path: string;
  values: Record<string, unknown>;
  group?: unknown;
  undecided?: true;
}

export interface ViewAnswer {
  columns: string[];
  rows: BaseRow[];
  summaries: Record<string, Summary>;
  unsupported: Unsupported[];
  errors: { path: string; property: string; message: string }[];
  errorsTotal: number;
}

interface Candidate {
  row: RowScope;
  undecided: boolean;
  keys: Value[];
}

export async function runView(
  ctx: Pick<ToolContext, 'host' | 'signal' | 'progress'>,
  base: VaultFile,
  config: BaseConfig,
  view: ViewConfig,
): Promise<ViewAnswer> {
  const runtime = await BaseVault.open(ctx.host);
  const evaluator = new Evaluator(runtime);
  const formulas = new Formulas(config.formulas);
  const unsupported: Unsupported[] = [...config.problems, ...formulas.unsupported()];
  const filter = RowFilter.compile([config.filters, view.filters], formulas.lookup, unsupported);
  const property = (id: string) => propertyNode(id, formulas, unsupported);
  const sortKeys = [...(view.groupBy === null ? [] : [view.groupBy]), ...view.sort];
  const sortNodes = sortKeys.map((key) => property(key.property));
  const candidates: Candidate[] = [];
  await longSteps(ctx, ctx.host.listFiles(), 'Filtering the files', (file) => {
    runtime.regexBudget.forNote(file.path);
    const row = new RowScope(file, base, formulas, evaluator);
    const verdict = filter.verdict(row);
    if (verdict === 'no') return;
    const keys = sortNodes.map((node) => (node === null ? null : row.value(node).value));
    candidates.push({ row, undecided: verdict === 'unknown', keys });
  });
  candidates.sort((a, b) => byKeys(a, b, sortKeys));
  const shown = view.limit === null ? candidates : candidates.slice(0, view.limit);
  const columns = view.order.length > 0 ? view.order : ['file.name'];
  const errors: ViewAnswer['errors'] = [];
  let errorsTotal = 0;
  const valueOf = (row: RowScope, id: string, node: Node | null): Value => {
    if (node === null) return null;
    const { value, error } = row.value(node);
    if (error !== undefined && errorsTotal++ < MAX_ERRORS)
      errors.push({ path: row.file.path, property: id, message: error });
    return value;
  };
  const columnNodes = columns.map(property);
  const rows = shown.map(({ row, undecided, keys }): BaseRow => ({
    path: row.file.path,
    values: Object.fromEntries(
      columns.map((id, at) => [id, toJson(valueOf(row, id, columnNodes[at] ?? null))]),
    ),
    ...(view.groupBy === null ? {} : { group: toJson(keys[0] ?? null) }),
    ...(undecided ? { undecided: true as const } : {}),
  }));
  const summaries = summarize(
    view.summaries,
    config.summaries,
    (id) => {
      const node = property(id);
      return shown.map(({ row }) => (node === null ? null : row.value(node).value));
    },
    { evaluator, base, formulas: formulas.lookup, unsupported },
  );
  return { columns, rows, summaries, unsupported: distinct(unsupported), errors, errorsTotal };
}

/** A property id of a view (`file.name`, `note.age`, `formula.ppu`, or a bare note property). */
function propertyNode(id: string, formulas: Formulas, unsupported: Unsupported[]): Node | null {
  const dot = id.indexOf('.');
  const prefix = dot === -1 ? '' : id.slice(0, dot);
  const node: Node =
    prefix === 'file' || prefix === 'formula' || prefix === 'note'
      ? { type: 'member', object: { type: 'name', name: prefix }, property: id.slice(dot + 1) }
      : { type: 'member', object: { type: 'name', name: 'note' }, property: id };
  const reason = unsupportedIn(node, formulas.lookup);
  if (reason === null) return node;
  // A formula of the base that cannot be evaluated is already listed, with its reason.
  if (prefix !== 'formula' || formulas.lookup(id.slice(dot + 1)) === 'missing')
    unsupported.push({ expression: id, reason });
  return null;
}

function byKeys(a: Candidate, b: Candidate, keys: SortKey[]): number {
  for (const [at, key] of keys.entries()) {
    const [left, right] = [a.keys[at] ?? null, b.keys[at] ?? null];
    if (left === null || right === null) {
      if (left !== right) return left === null ? 1 : -1;
      continue;
    }
    const order = sortOrder(left, right);
    if (order !== 0) return key.descending ? -order : order;
  }
  return byName(a.row.file.path, b.row.file.path);
}

function distinct(list: Unsupported[]): Unsupported[] {
  const seen = new Set<string>();
  return list.filter((entry) => {
    const key = `${entry.expression}\u0000${entry.reason}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
