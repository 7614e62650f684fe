/**
 * get_or_create_daily_note: the daily note for a day (default today), created from the user's
 * daily note settings and template when missing. The clock is injectable so tests fix "today".
 */
import { type } from 'arktype';
import { defineTool, type Tool, type ToolHints } from '../../define-tool.ts';
import { openPeriodicNote } from './services/open-note.ts';
import { dateArgument, systemClock, type Clock } from './services/periods.ts';

/** Creates at most once per period and never overwrites: repeating a call changes nothing. */
export const GET_OR_CREATE_HINTS: ToolHints = {
  readOnlyHint: false,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
};

export function getOrCreateDailyNoteTool(clock: Clock = systemClock): Tool {
  return defineTool({
    name: 'get_or_create_daily_note',
    title: 'Daily note',
    description:
      'The daily note for date (YYYY-MM-DD, default today); if missing, made from settings and template.',
    input: () => type({ 'date?': dateArgument }),
    annotations: GET_OR_CREATE_HINTS,
    handler: async ({ date }, ctx) => openPeriodicNote(ctx.host, 'daily', date, clock),
  });
}

export const getOrCreateDailyNote = getOrCreateDailyNoteTool();
