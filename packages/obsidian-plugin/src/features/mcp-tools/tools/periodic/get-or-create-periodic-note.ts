/**
 * get_or_create_periodic_note: the daily, weekly, monthly, quarterly or yearly note holding a
 * day (default today), created from the Periodic Notes (or core Daily Notes) settings and
 * template when missing.
 */
import { type } from 'arktype';
import { defineTool, type Tool } from '../../define-tool.ts';
import { GET_OR_CREATE_HINTS } from './get-or-create-daily-note.ts';
import { openPeriodicNote } from './services/open-note.ts';
import { dateArgument, periodArgument, systemClock, type Clock } from './services/periods.ts';

export function getOrCreatePeriodicNoteTool(clock: Clock = systemClock): Tool {
  return defineTool({
    name: 'get_or_create_periodic_note',
    title: 'Periodic note',
    description:
      "The period's note holding date (YYYY-MM-DD, default today); if missing, made from settings and template.",
    input: () => type({ period: periodArgument, 'date?': dateArgument }),
    annotations: GET_OR_CREATE_HINTS,
    handler: async ({ period, date }, ctx) => openPeriodicNote(ctx.host, period, date, clock),
  });
}

export const getOrCreatePeriodicNote = getOrCreatePeriodicNoteTool();
