/**
 * What a headless server tells its terminal about agents' long calls (ADR-0036): while one
 * runs, the progress line says what it does, how far, how fast and the time left (rewritten in
 * place on a terminal, a plain line every few seconds in a log); when it ends, one line says
 * after how long. The calls shown are those that have run a second (features/long-work).
 */
import {
  operationLine,
  type OperationView,
  type Operations,
} from '@mcp-connector/obsidian-plugin/long-work';
import { durationText } from '@mcp-connector/shared';
import type { ProgressLine } from './progress-line.ts';

export function reportOperations(
  operations: Operations,
  progress: ProgressLine,
  now: () => number = Date.now,
): () => void {
  let running = new Map<string, OperationView>();
  return operations.onChange(() => {
    const shown = operations.shown();
    const still = new Map(shown.map((view) => [view.id, view]));
    for (const [id, view] of running)
      if (!still.has(id))
        progress.print(
          `${view.tool} (${view.caller}) ended after ${durationText((now() - view.startedAt) / 1000)}.`,
        );
    running = still;
    if (shown.length === 0) progress.clear();
    else progress.update(shown.map(operationLine).join(' | '));
  });
}
