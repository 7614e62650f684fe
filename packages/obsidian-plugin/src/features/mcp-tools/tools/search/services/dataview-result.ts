/**
 * A successful Dataview query result as plain JSON, by query type:
 * - TABLE    -> {type: "table", headers, rows: value[][]}
 * - LIST     -> {type: "list", items: value[]} (with an ID and an expression: {key, value} items)
 * - TASK     -> {type: "task", tasks}: each {path, line, text, task, status, checked, completed,
 *               fullyCompleted, tags, blockId?, created?, due?, completion?, start?, scheduled?,
 *               children}; grouped results are {key, rows} entries holding tasks or groups
 * - CALENDAR -> {type: "calendar", entries: {date, link}[]}
 * Values go through `toPlainValue`. Task items keep only the fields above: Dataview copies the
 * whole page (its lists, tasks and links) into every task, far too much to return.
 *
 * Paging: `limit` (default 200, clamped to 1000) counts top-level rows, items, tasks or groups,
 * or entries; rows are also cut once the JSON passes 100 KB (at least one is always kept), with
 * `truncated` and a hint to ask for fewer.
 */
import { ToolError } from '@mcp-connector/shared';
import { DEFAULT_LIST_LIMIT, MAX_LIST_LIMIT } from '../../../services/list-limits.ts';
import { TEXT_CAP_BYTES } from '../../../services/text-cap.ts';
import { toPlainValue } from './dataview-values.ts';

type Members = Record<string, unknown>;

const TASK_DATES = ['created', 'due', 'completion', 'start', 'scheduled'] as const;

export function dataviewResultJson(value: unknown, limit: number | undefined): Members {
  const result = (typeof value === 'object' && value !== null ? value : {}) as Members;
  const take = (list: unknown, convert: (item: unknown) => unknown) =>
    pageWithinBudget(Array.isArray(list) ? list : [], limit, convert);
  switch (result.type) {
    case 'table': {
      const headers = Array.isArray(result.headers) ? result.headers.map(String) : [];
      const page = take(result.values, (row) => (Array.isArray(row) ? row.map(toPlainValue) : []));
      return { type: 'table', headers, rows: page.items, ...page.counts };
    }
    case 'list': {
      const page = take(result.values, toPlainValue);
      return { type: 'list', items: page.items, ...page.counts };
    }
    case 'task': {
      const page = take(result.values, taskJson);
      return { type: 'task', tasks: page.items, ...page.counts };
    }
    case 'calendar': {
      const page = take(result.values, calendarEntryJson);
      return { type: 'calendar', entries: page.items, ...page.counts };
    }
    default:
      throw new ToolError(
        'dataview_query_failed',
        `Dataview answered with a result type this server does not know (${String(result.type)}).`,
      );
  }
}

function taskJson(item: unknown): unknown {
  const task = (typeof item === 'object' && item !== null ? item : {}) as Members;
  if (isGroup(task)) {
    const rows = Array.isArray(task.rows) ? task.rows : [];
    return { key: toPlainValue(task.key), rows: rows.map(taskJson) };
  }
  const json: Members = {
    path: task.path,
    line: task.line,
    text: task.text,
    task: task.task === true,
  };
  if (task.task === true) {
    Object.assign(json, {
      status: task.status,
      checked: task.checked,
      completed: task.completed,
      fullyCompleted: task.fullyCompleted,
    });
  }
  json.tags = toPlainValue(task.tags ?? []);
  if (typeof task.blockId === 'string') json.blockId = task.blockId;
  for (const key of TASK_DATES) if (task[key] != null) json[key] = toPlainValue(task[key]);
  json.children = Array.isArray(task.children) ? task.children.map(taskJson) : [];
  return json;
}

/** Dataview's own test for a group: an object with exactly `key` and `rows`. */
function isGroup(value: Members): boolean {
  const keys = Object.keys(value);
  return keys.length === 2 && 'key' in value && 'rows' in value;
}

function calendarEntryJson(entry: unknown): unknown {
  const members = (typeof entry === 'object' && entry !== null ? entry : {}) as Members;
  return { date: toPlainValue(members.date), link: toPlainValue(members.link) };
}

interface Page {
  items: unknown[];
  counts: { total: number; truncated: boolean; hint?: string };
}

function pageWithinBudget(
  list: readonly unknown[],
  limit: number | undefined,
  convert: (item: unknown) => unknown,
): Page {
  const count = Math.min(limit ?? DEFAULT_LIST_LIMIT, MAX_LIST_LIMIT, list.length);
  const items: unknown[] = [];
  let bytes = 0;
  let overBudget = false;
  for (const item of list.slice(0, count)) {
    const json = convert(item);
    bytes += Buffer.byteLength(JSON.stringify(json) ?? 'null');
    if (items.length > 0 && bytes > TEXT_CAP_BYTES) {
      overBudget = true;
      break;
    }
    items.push(json);
  }
  const truncated = items.length < list.length;
  const counts: Page['counts'] = { total: list.length, truncated };
  if (overBudget) {
    counts.hint = `Cut at ${items.length} of ${list.length} to stay under 100 KB; select fewer fields or narrow the query (WHERE, LIMIT).`;
  }
  return { items, counts };
}
