/**
 * The one wording of long work, for Obsidian's status bar, the headless terminal and a task's
 * status message: what the call does, how far (done of total), how fast and the time left.
 */
import { durationText } from '@mcp-connector/shared';
import type { Progress } from './operation.ts';
import type { OperationView } from './operations.ts';

/** "Replacing in notes: 1,200 of 15,000 (8%)", or what is known of it. */
export function progressText(progress: Progress): string {
  const doing = progress.message === '' ? 'Working' : progress.message;
  if (progress.total === null || progress.total === 0)
    return progress.done === 0 ? doing : `${doing}: ${count(progress.done)}`;
  const percent = Math.floor((100 * progress.done) / progress.total);
  return `${doing}: ${count(progress.done)} of ${count(progress.total)} (${percent}%)`;
}

/**
 * "search_and_replace (Default): Replacing in notes: 1,200 of 15,000 (8%), 850/s, about 16 s
 * left"; a stopped call is putting back what it wrote.
 */
export function operationLine(view: OperationView): string {
  const who = `${view.tool} (${view.caller})`;
  if (view.stopping) return `${who}: stopping, putting back what it changed`;
  return `${who}: ${progressText(view.progress)}${pace(view)}`;
}

/** The status bar's short form: the oldest call and how far, and how many more run. */
export function operationsStatus(views: readonly OperationView[]): string | null {
  const [first] = views;
  if (first === undefined) return null;
  const { progress } = first;
  const share = first.stopping
    ? 'stopping'
    : progress.total !== null && progress.total > 0
      ? `${Math.floor((100 * progress.done) / progress.total)}%`
      : count(progress.done);
  const more = views.length > 1 ? ` +${views.length - 1}` : '';
  return `MCP ${first.tool} ${share}${more}`;
}

function pace(view: OperationView): string {
  const { rate, progress } = view;
  if (rate === null || rate <= 0) return '';
  const left =
    progress.total === null
      ? ''
      : `, about ${durationText((progress.total - progress.done) / rate)} left`;
  return `, ${count(Math.round(rate))}/s${left}`;
}

function count(n: number): string {
  return n.toLocaleString('en-US');
}
