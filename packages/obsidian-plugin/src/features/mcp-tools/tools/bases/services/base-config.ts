/**
 * A `.base` file read into what a query needs (help.obsidian.md/bases/syntax): the filters (a
 * statement, or a tree of `and` / `or` / `not` lists), the formulas, the properties' display
 * names, the custom summaries and the views (type, name, filters, order, sort, groupBy, limit,
 * summaries). Sort keys are `{property, direction}` as Obsidian 1.10 writes them, or
 * `{column, direction}` as 1.9 did. What is malformed is kept as a problem to name, not guessed:
 * only a file that is not YAML, or not a mapping, fails the query (`invalid_base`).
 */
import { parseYamlText } from '@mcp-connector/markdown/yaml';
import { ToolError } from '@mcp-connector/shared';

export type FilterNode =
  | { kind: 'statement'; source: string }
  | { kind: 'and' | 'or' | 'not'; items: FilterNode[] }
  | { kind: 'invalid'; text: string; reason: string };

export interface SortKey {
  property: string;
  descending: boolean;
}

export interface ViewConfig {
  type: string;
  name: string | null;
  filters: FilterNode | null;
  order: string[];
  sort: SortKey[];
  groupBy: SortKey | null;
  limit: number | null;
  /** Property id -> summary name (a default one, or a key of the base's `summaries`). */
  summaries: Record<string, string>;
}

/** A part of the file that is not what the syntax describes, and why. */
export interface ConfigProblem {
  expression: string;
  reason: string;
}

export interface BaseConfig {
  filters: FilterNode | null;
  formulas: Record<string, unknown>;
  displayNames: Record<string, string>;
  summaries: Record<string, unknown>;
  views: ViewConfig[];
  problems: ConfigProblem[];
}

type Mapping = Record<string, unknown>;

const isMapping = (value: unknown): value is Mapping =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

export function readBaseConfig(path: string, text: string): BaseConfig {
  const parsed = parseYamlText(text);
  if (!parsed.ok)
    throw new ToolError(
      'invalid_base',
      `${path} is not valid YAML: ${parsed.error.split('\n')[0]} Fix it in Obsidian or with patch_vault_file.`,
      { path },
    );
  const root = parsed.value ?? {};
  if (!isMapping(root))
    throw new ToolError(
      'invalid_base',
      `${path} is not a base: its YAML is not a mapping of filters, formulas and views.`,
      { path },
    );
  const problems: ConfigProblem[] = [];
  const views = Array.isArray(root.views) ? root.views : [];
  if (root.views !== undefined && !Array.isArray(root.views))
    problems.push(problem('views', root.views, 'views must be a list'));
  return {
    filters: root.filters === undefined || root.filters === null ? null : filterNode(root.filters),
    formulas: mappingOf(root.formulas, 'formulas', problems),
    displayNames: displayNamesOf(mappingOf(root.properties, 'properties', problems)),
    summaries: mappingOf(root.summaries, 'summaries', problems),
    views: views.map((view, at) => viewOf(view, `views[${at}]`, problems)),
    problems,
  };
}

function problem(where: string, value: unknown, reason: string): ConfigProblem {
  return { expression: `${where}: ${JSON.stringify(value)}`, reason };
}

function mappingOf(value: unknown, where: string, problems: ConfigProblem[]): Mapping {
  if (value === undefined || value === null) return {};
  if (isMapping(value)) return value;
  problems.push(problem(where, value, `${where} must be a mapping`));
  return {};
}

function displayNamesOf(properties: Mapping): Record<string, string> {
  const names: Record<string, string> = {};
  for (const [id, settings] of Object.entries(properties))
    if (isMapping(settings) && typeof settings.displayName === 'string')
      names[id] = settings.displayName;
  return names;
}

/** A statement, or a mapping with exactly one of `and`, `or`, `not` holding a list. */
export function filterNode(value: unknown): FilterNode {
  if (typeof value === 'string') return { kind: 'statement', source: value };
  if (typeof value === 'number' || typeof value === 'boolean')
    return { kind: 'statement', source: String(value) };
  if (isMapping(value)) {
    const keys = Object.keys(value);
    const kind = keys[0];
    if (keys.length === 1 && (kind === 'and' || kind === 'or' || kind === 'not')) {
      const items = value[kind];
      if (Array.isArray(items)) return { kind, items: items.map(filterNode) };
      if (items === null) return { kind, items: [] };
    }
  }
  return {
    kind: 'invalid',
    text: JSON.stringify(value),
    reason: 'a filter is a statement, or one of and, or, not with a list',
  };
}

function viewOf(value: unknown, where: string, problems: ConfigProblem[]): ViewConfig {
  const view = isMapping(value) ? value : {};
  if (!isMapping(value)) problems.push(problem(where, value, 'a view must be a mapping'));
  return {
    type: typeof view.type === 'string' ? view.type : 'table',
    name: nameOf(view.name),
    filters: view.filters === undefined || view.filters === null ? null : filterNode(view.filters),
    order: stringsOf(view.order, `${where}.order`, problems),
    sort: (Array.isArray(view.sort) ? view.sort : []).flatMap((key, at) =>
      sortKeyOf(key, `${where}.sort[${at}]`, problems),
    ),
    groupBy:
      view.groupBy === undefined || view.groupBy === null
        ? null
        : (sortKeyOf(view.groupBy, `${where}.groupBy`, problems)[0] ?? null),
    limit: limitOf(view.limit, `${where}.limit`, problems),
    summaries: Object.fromEntries(
      Object.entries(mappingOf(view.summaries, `${where}.summaries`, problems)).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string',
      ),
    ),
  };
}

/** A view's name; YAML may read `name: 2026` as a number. */
function nameOf(value: unknown): string | null {
  if (typeof value === 'string') return value;
  return typeof value === 'number' || typeof value === 'boolean' ? String(value) : null;
}

function stringsOf(value: unknown, where: string, problems: ConfigProblem[]): string[] {
  if (value === undefined || value === null) return [];
  if (Array.isArray(value) && value.every((item): item is string => typeof item === 'string'))
    return value;
  problems.push(problem(where, value, 'order must be a list of property names'));
  return [];
}

function sortKeyOf(value: unknown, where: string, problems: ConfigProblem[]): SortKey[] {
  const property = isMapping(value) ? (value.property ?? value.column) : undefined;
  const direction = isMapping(value) ? (value.direction ?? 'ASC') : undefined;
  if (typeof property === 'string' && (direction === 'ASC' || direction === 'DESC'))
    return [{ property, descending: direction === 'DESC' }];
  problems.push(problem(where, value, 'a sort is a property and a direction, ASC or DESC'));
  return [];
}

function limitOf(value: unknown, where: string, problems: ConfigProblem[]): number | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'number' && Number.isInteger(value) && value > 0) return value;
  problems.push(problem(where, value, 'limit must be a whole number above 0'));
  return null;
}
