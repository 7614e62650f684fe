/**
 * The dates and priority of a task line, in the two formats agents meet: the Tasks plugin's
 * emoji (`📅 2026-01-31` due, `⏳` scheduled, `🛫` start, `✅` done, `➕` created, `❌` cancelled;
 * priority `🔺` highest, `⏫` high, `🔼` medium, `🔽` low, `⏬` lowest, each emoji with or without
 * its variation selector), and Dataview's inline fields (`[due:: 2026-01-31]` or
 * `(due:: 2026-01-31)`; `completion` is the done date; `priority:: high`). Dataview's date
 * emoji shorthands (`🗓️` due) are the Tasks ones. A field is read wherever it stands on the line
 * (Tasks itself reads only those at the end); the first of each kind counts.
 */

export type Priority = 'highest' | 'high' | 'medium' | 'low' | 'lowest';

export interface TaskFields {
  due?: string;
  scheduled?: string;
  start?: string;
  done?: string;
  created?: string;
  cancelled?: string;
  priority?: Priority;
}

type DateField = Exclude<keyof TaskFields, 'priority'>;

const DATE = String.raw`(\d{4}-\d{2}-\d{2})`;

const EMOJI_DATES: [DateField, RegExp][] = [
  ['due', new RegExp(String.raw`(?:📅|📆|🗓)\uFE0F? *${DATE}`, 'u')],
  ['scheduled', new RegExp(String.raw`(?:⏳|⌛)\uFE0F? *${DATE}`, 'u')],
  ['start', new RegExp(String.raw`🛫\uFE0F? *${DATE}`, 'u')],
  ['done', new RegExp(String.raw`✅\uFE0F? *${DATE}`, 'u')],
  ['created', new RegExp(String.raw`➕\uFE0F? *${DATE}`, 'u')],
  ['cancelled', new RegExp(String.raw`❌\uFE0F? *${DATE}`, 'u')],
];

const EMOJI_PRIORITIES: [Priority, string][] = [
  ['highest', '🔺'],
  ['high', '⏫'],
  ['medium', '🔼'],
  ['low', '🔽'],
  ['lowest', '⏬'],
];

/** Dataview's field names for the task fields. */
const DATAVIEW_NAMES: Record<string, keyof TaskFields> = {
  due: 'due',
  scheduled: 'scheduled',
  start: 'start',
  completion: 'done',
  created: 'created',
  cancelled: 'cancelled',
  priority: 'priority',
};

const INLINE_FIELD = /[[(]\s*([A-Za-z]+)\s*::\s*([^\])]*?)\s*[\])]/g;

export function taskFields(text: string): TaskFields {
  const fields: TaskFields = {};
  for (const [name, pattern] of EMOJI_DATES) {
    const date = pattern.exec(text)?.[1];
    if (date !== undefined) fields[name] = date;
  }
  const priority = EMOJI_PRIORITIES.find(([, emoji]) => text.includes(emoji));
  if (priority !== undefined) fields.priority = priority[0];
  for (const [, rawName, rawValue] of text.matchAll(INLINE_FIELD)) {
    const name = DATAVIEW_NAMES[(rawName as string).toLowerCase()];
    if (name === undefined || fields[name] !== undefined) continue;
    const value = (rawValue as string).trim();
    if (name === 'priority') {
      const level = value.toLowerCase();
      if (EMOJI_PRIORITIES.some(([known]) => known === level)) fields.priority = level as Priority;
    } else if (/^\d{4}-\d{2}-\d{2}/.test(value)) {
      fields[name] = value.slice(0, 10);
    }
  }
  return fields;
}

/** Whether the task text carries a field in the Tasks plugin's emoji format (a recurrence too). */
export function usesTasksEmoji(text: string): boolean {
  return (
    EMOJI_DATES.some(([, pattern]) => pattern.test(text)) ||
    EMOJI_PRIORITIES.some(([, emoji]) => text.includes(emoji)) ||
    text.includes('🔁')
  );
}
