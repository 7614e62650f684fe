/**
 * list_tasks: the Markdown tasks of the notes in scope (a folder or one note; the whole vault by
 * default), with their status character, dates and priority (services/task-fields.ts), inline
 * tags and block id, each with its note's path, 0-indexed line and the note's revision (for
 * set_task_status's expectedRevision). Filters: `status` (`open`: anything but done `x`/`X` and
 * cancelled `-`; `done`: `x`/`X`; `any`), `due` (before/after are exclusive; a task without a due
 * date never matches), `tag` (the task's own inline tags; `a` matches `a/b`) and `text` (any
 * case). Only notes whose metadata has a task are read. Sorted by path, then line.
 */
import { ToolError } from '@mcp-connector/shared';
import { type } from 'arktype';
import { READ_ONLY, defineTool } from '../../define-tool.ts';
import { limitArgument, takePage } from '../../services/list-limits.ts';
import { longSteps } from '../../services/long-steps.ts';
import { notesIn, resolveScope } from '../../services/note-scope.ts';
import type { ToolContext } from '../../tool-context.ts';
import { revisionOf } from '../../services/revision.ts';
import { tagMatches, tagQueryKey } from '../../services/tags.ts';
import { tasksOf, type TaskLine } from './services/task-lines.ts';

type Status = 'open' | 'done' | 'any';

interface DueFilter {
  before?: string;
  after?: string;
  on?: string;
}

interface Filter {
  status: Status;
  due?: DueFilter;
  tag?: string;
  text?: string;
}

export const listTasks = defineTool({
  name: 'list_tasks',
  title: 'List tasks',
  description:
    'Tasks (- [ ]) with status, dates, priority, path, line. Filters: scope, status (open), due, tag, text.',
  input: () =>
    type({
      'scope?': 'string',
      'status?': "'open' | 'done' | 'any'",
      'due?': { 'before?': 'string', 'after?': 'string', 'on?': 'string' },
      'tag?': 'string',
      'text?': 'string',
      'limit?': limitArgument,
    }),
  annotations: READ_ONLY,
  long: true,
  handler: async ({ scope, status = 'open', due, tag, text, limit }, ctx) => {
    const filter: Filter = {
      status,
      ...(due !== undefined && { due: checkDates(due) }),
      ...(tag !== undefined && { tag: tagQueryKey(tag) }),
      ...(text !== undefined && { text: text.toLowerCase() }),
    };
    const page = takePage(await tasksIn(ctx, scope, filter), limit);
    return { tasks: page.items, total: page.total, truncated: page.truncated };
  },
});

async function tasksIn(ctx: ToolContext, rawScope: string | undefined, filter: Filter) {
  const { host } = ctx;
  const found: ({ path: string; revision: string } & TaskLine)[] = [];
  const withTasks = notesIn(host, resolveScope(host, rawScope)).filter((note) =>
    (host.getFileCache(note.path)?.listItems ?? []).some((item) => item.task !== undefined),
  );
  await longSteps(ctx, withTasks, 'Reading the tasks of notes', async (note) => {
    const content = await host.read(note.path);
    const tasks = tasksOf(content).filter((task) => matches(task, filter));
    const revision = revisionOf(content);
    for (const task of tasks) found.push({ path: note.path, revision, ...task });
  });
  return found;
}

function matches(task: TaskLine, filter: Filter): boolean {
  const done = task.status === 'x' || task.status === 'X';
  if (filter.status === 'done' && !done) return false;
  if (filter.status === 'open' && (done || task.status === '-')) return false;
  if (filter.due !== undefined && !dueMatches(task.due, filter.due)) return false;
  if (filter.tag !== undefined && !task.tags.some((t) => tagMatches(t, filter.tag as string, true)))
    return false;
  return filter.text === undefined || task.text.toLowerCase().includes(filter.text);
}

function dueMatches(due: string | undefined, filter: DueFilter): boolean {
  if (due === undefined) return false;
  if (filter.on !== undefined && due !== filter.on) return false;
  if (filter.before !== undefined && !(due < filter.before)) return false;
  return filter.after === undefined || due > filter.after;
}

function checkDates(due: DueFilter): DueFilter {
  for (const [name, value] of Object.entries(due) as [string, string][]) {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) {
      throw new ToolError(
        'invalid_arguments',
        `due.${name} is not a date; give it as YYYY-MM-DD, such as 2026-01-31.`,
        { [name]: value },
      );
    }
  }
  return due;
}
