/**
 * The five periods of periodic notes and the dates they cover. A date argument is a local
 * calendar day (YYYY-MM-DD); without one, "today" comes from an injected clock, so tests never
 * depend on the day they run. A note stands for its whole period: the day given is moved to the
 * start of its day, week (moment's locale week, as `gggg-[W]ww` counts it), month, quarter or
 * year.
 */
import { ToolError } from '@mcp-connector/shared';
import type { Moment, unitOfTime } from 'moment';
import type { MomentFactory } from '../../../../../host/vault-host.ts';

export const PERIODS = ['daily', 'weekly', 'monthly', 'quarterly', 'yearly'] as const;
export type Period = (typeof PERIODS)[number];

export const periodArgument = "'daily' | 'weekly' | 'monthly' | 'quarterly' | 'yearly'" as const;
/** YYYY-MM-DD, checked by `periodStart` (a pattern in the schema would cost every client bytes). */
export const dateArgument = 'string' as const;

/** Obsidian's and the Periodic Notes plugin's default file name formats. */
export const DEFAULT_FORMATS: Readonly<Record<Period, string>> = {
  daily: 'YYYY-MM-DD',
  weekly: 'gggg-[W]ww',
  monthly: 'YYYY-MM',
  quarterly: 'YYYY-[Q]Q',
  yearly: 'YYYY',
};

const UNITS: Readonly<Record<Period, unitOfTime.StartOf>> = {
  daily: 'day',
  weekly: 'week',
  monthly: 'month',
  quarterly: 'quarter',
  yearly: 'year',
};

/** The current time; tools take one so tests can fix "today". */
export type Clock = () => Date;
export const systemClock: Clock = () => new Date();

/** The start of the period that holds `date` (or today, by `clock`), in local time. */
export function periodStart(
  moment: MomentFactory,
  period: Period,
  date: string | undefined,
  clock: Clock,
): Moment {
  const day = date === undefined ? moment(clock()) : parseDay(moment, date);
  return day.startOf(UNITS[period]);
}

function parseDay(moment: MomentFactory, date: string): Moment {
  const day = moment(date, 'YYYY-MM-DD', true);
  if (!day.isValid()) {
    throw new ToolError(
      'invalid_arguments',
      `date "${date}" is not a calendar day; give it as YYYY-MM-DD, or omit it for today.`,
      { date },
    );
  }
  return day;
}
