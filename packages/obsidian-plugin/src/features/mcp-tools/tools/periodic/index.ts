/** The periodic note tools; listing one here registers it. */
import type { Tool } from '../../define-tool.ts';
import { appendToPeriodicNote } from './append-to-periodic-note.ts';
import { getOrCreateDailyNote } from './get-or-create-daily-note.ts';
import { getOrCreatePeriodicNote } from './get-or-create-periodic-note.ts';

export const periodicTools: Tool[] = [
  getOrCreateDailyNote,
  getOrCreatePeriodicNote,
  appendToPeriodicNote,
];
