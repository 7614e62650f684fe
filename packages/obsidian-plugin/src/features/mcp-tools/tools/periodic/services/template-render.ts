/**
 * Filling a periodic note's template the way core Daily Notes does (the rules Periodic Notes
 * shares through obsidian-daily-notes-interface): `{{date}}` is the note's name in its format,
 * `{{title}}` the note's title, `{{time}}` the current time (HH:mm), and `{{date:FORMAT}}` /
 * `{{time:FORMAT}}` (optionally with an offset such as `{{date+1d:FORMAT}}`) the note's date at
 * the current time of day. Placeholders match case-insensitively. Anything else, Templater's
 * `<% %>` included, is left as written: headless has no Templater to run it.
 */
import type { Moment, unitOfTime } from 'moment';

export interface TemplateValues {
  /** The start of the note's period. */
  date: Moment;
  /** The note's name format. */
  format: string;
  /** The note's file name without folder or extension. */
  title: string;
  now: Moment;
}

const FORMATTED = /{{\s*(date|time)\s*(([+-]\d+)([yqmwdhs]))?\s*(:.+?)?}}/gi;

export function renderTemplate(text: string, values: TemplateValues): string {
  const { date, format, title, now } = values;
  const name = date.format(format);
  // Replacement functions, not strings: a formatted value may contain "$&" and the like.
  return text
    .replace(/{{\s*date\s*}}/gi, () => name)
    .replace(/{{\s*time\s*}}/gi, () => now.format('HH:mm'))
    .replace(/{{\s*title\s*}}/gi, () => title)
    .replace(
      FORMATTED,
      (_match, _kind, offset?: string, amount?: string, unit?: string, custom?: string) => {
        const moment = date
          .clone()
          .set({ hour: now.hour(), minute: now.minute(), second: now.second() });
        if (offset !== undefined)
          moment.add(Number(amount), unit as unitOfTime.DurationConstructor);
        return custom === undefined ? moment.format(format) : moment.format(custom.slice(1).trim());
      },
    );
}
