/**
 * The loop of a long tool, in one call: for each item it stops if the call was stopped (the
 * signal's reason, `cancelled` or `time_limit`, is thrown, and the journal puts back what was
 * written), runs the step, reports progress (done of total, what it is doing) and now and then
 * gives the event loop a turn, so a cancellation, progress notifications and other requests get
 * through while it runs. A tool that walks many notes only has to loop with it to be visible
 * and stoppable (ADR-0036).
 */
import { setTimeout } from 'node:timers';
import type { ToolContext } from '../tool-context.ts';

/** Work between two turns of the event loop, at most. */
const YIELD_EVERY_MS = 15;

/** Where the loop's steps fall in the call's progress: after `before` done, of `total`. */
export interface StepsPlace {
  before?: number;
  total?: number;
}

export async function longSteps<T>(
  ctx: Pick<ToolContext, 'signal' | 'progress'>,
  items: readonly T[],
  doing: string,
  step: (item: T, index: number) => unknown,
  place: StepsPlace = {},
): Promise<void> {
  const before = place.before ?? 0;
  const total = place.total ?? before + items.length;
  let turn = Date.now();
  for (let index = 0; index < items.length; index++) {
    ctx.signal.throwIfAborted();
    await step(items[index] as T, index);
    ctx.progress.report(before + index + 1, total, doing);
    if (Date.now() - turn >= YIELD_EVERY_MS) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      turn = Date.now();
    }
  }
  ctx.signal.throwIfAborted();
}
