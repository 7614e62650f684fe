/**
 * set_task_status: sets the character between a task's brackets: `done` is `x`, `open` a space,
 * or any single character (`/`, `-`, ...). The task is named by its 0-indexed line or its block
 * id, and found on the note's text under the write lock, so a line number from list_tasks is
 * checked against the text it is applied to. Completing a task adds a done date and reopening
 * one removes it, as the Tasks plugin would (services/done-date.ts); the answer says which rule
 * applied (`because`). A recurring task's next occurrence is not created: the answer says so.
 */
import { ToolError } from '@mcp-connector/shared';
import { type } from 'arktype';
import { OVERWRITE, defineTool } from '../../define-tool.ts';
import { expectedRevisionArgument } from '../../services/arguments.ts';
import { editText, requireFile } from '../../services/note-access.ts';
import { isNote } from '../../services/note-files.ts';
import {
  doneDateRule,
  localDate,
  tasksPlugin,
  withDoneDate,
  withoutDoneDate,
  type DoneDateRule,
  type TasksPlugin,
} from './services/done-date.ts';
import { checkboxes, type Checkbox } from './services/task-lines.ts';

interface TaskRef {
  line?: number;
  blockId?: string;
}

interface Outcome {
  line: number;
  previous: string;
  doneDate: string | null;
  because?: string;
}

export const setTaskStatus = defineTool({
  name: 'set_task_status',
  title: 'Set task status',
  description:
    "Set a task's checkbox (by line or blockId): done, open or a character; done adds ✅ date as Tasks does.",
  input: () =>
    type({
      path: 'string',
      'line?': 'number.integer >= 0',
      'blockId?': 'string',
      status: 'string',
      'expectedRevision?': expectedRevisionArgument,
    }),
  annotations: OVERWRITE,
  handler: async ({ path, line, blockId, status, expectedRevision }, ctx) => {
    const file = requireFile(ctx.host, path);
    if (!isNote(file)) {
      throw new ToolError('unsupported', `${file.path} is not a Markdown note; it has no tasks.`, {
        path: file.path,
      });
    }
    const ref = taskRef(line, blockId);
    const next = statusCharacter(status);
    const plugin = await tasksPlugin(ctx.host);
    const found: { outcome?: Outcome } = {};
    const { revision, changed } = await editText(
      ctx.host,
      file,
      (current) => {
        const edited = setStatus(file.path, current, ref, next, plugin);
        found.outcome = edited.outcome;
        return edited.text;
      },
      expectedRevision,
    );
    const { line: at, previous, doneDate, because } = found.outcome as Outcome;
    return {
      path: file.path,
      line: at,
      status: next,
      previous,
      changed,
      revision,
      ...(because !== undefined && { doneDate, because }),
    };
  },
});

function taskRef(line: number | undefined, blockId: string | undefined): TaskRef {
  if ((line === undefined) === (blockId === undefined)) {
    throw new ToolError(
      'invalid_arguments',
      'Name the task by line (0-indexed, as list_tasks gives it) or by blockId, not both.',
    );
  }
  return line !== undefined ? { line } : { blockId: (blockId as string).replace(/^\^/, '') };
}

function statusCharacter(status: string): string {
  if (status === 'done') return 'x';
  if (status === 'open') return ' ';
  if (status.length === 1 && !/[[\]\r\n]/.test(status)) return status;
  throw new ToolError(
    'invalid_arguments',
    `status "${status}" is not done, open or one character (such as "/" or "-").`,
  );
}

function setStatus(
  path: string,
  text: string,
  ref: TaskRef,
  next: string,
  plugin: TasksPlugin | null,
): { text: string; outcome: Outcome } {
  const boxes = checkboxes(text);
  const box = findTask(path, boxes, ref);
  const wasDone = isDone(box.status);
  const willBeDone = isDone(next);
  const tail = text.slice(box.statusAt + 1, box.lineEnd);
  let rule: DoneDateRule | null = null;
  let doneDate: string | null = null;
  let newTail = tail;
  if (willBeDone && !wasDone) {
    const noteTasks = boxes.map((other) => text.slice(other.statusAt + 1, other.lineEnd));
    rule = doneDateRule(plugin, tail, noteTasks);
    if (rule.format !== null) {
      doneDate = localDate();
      newTail = `]${withDoneDate(tail.slice(1), rule.format, doneDate)}`;
    }
  } else if (wasDone && !willBeDone) {
    newTail = withoutDoneDate(tail);
  }
  const edited = text.slice(0, box.statusAt) + next + newTail + text.slice(box.lineEnd);
  return {
    text: edited,
    outcome: {
      line: box.line,
      previous: box.status,
      doneDate,
      ...(rule !== null && { because: recurrenceNote(tail, rule.because) }),
    },
  };
}

function findTask(path: string, boxes: readonly Checkbox[], ref: TaskRef): Checkbox {
  const box = boxes.find((candidate) =>
    ref.line !== undefined ? candidate.line === ref.line : candidate.blockId === ref.blockId,
  );
  if (box !== undefined) return box;
  const named = ref.line !== undefined ? `line ${ref.line}` : `block ^${ref.blockId}`;
  throw new ToolError(
    'task_not_found',
    `No task at ${named} of ${path}; list_tasks with scope "${path}" lists its tasks and lines.`,
    { path, ...ref },
  );
}

function isDone(status: string): boolean {
  return status === 'x' || status === 'X';
}

function recurrenceNote(tail: string, because: string): string {
  if (!tail.includes('🔁')) return because;
  return `${because}; the task recurs (🔁), and its next occurrence was not created: the Tasks plugin creates it when the task is completed in Obsidian`;
}
