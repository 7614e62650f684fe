/**
 * Tells listening clients when the prompt list changes: a prompt note added, deleted, renamed,
 * retagged, or its description or arguments edited. Any vault event on `Prompts/` or a note
 * directly in it schedules a comparison of the whole list (what prompts/list would answer) with
 * the last one seen; only a real difference calls `onListChanged`.
 *
 * Why compare, and why twice: in Obsidian a file's change event comes before its metadata cache
 * has re-read the tags, so a check right away could miss a retag. Each burst of events is
 * followed by checks at every `settleDelaysMs` (default 100 ms and 1 s); comparing makes the
 * extra checks free of false alarms. Checks run one at a time, in order.
 */
import { clearTimeout, setTimeout } from 'node:timers';
import type { VaultHost } from '../../../host/vault-host.ts';
import { listPrompts } from './prompt-catalog.ts';
import { touchesPrompts } from './prompt-notes.ts';

export interface PromptWatcher {
  /** Compares the list again soon (after a change the vault events do not show, such as hiding). */
  recheck(): void;
  /** Resolves once no check is scheduled or running: every change seen so far is compared. */
  settled(): Promise<void>;
  stop(): void;
}

export interface PromptWatchOptions {
  settleDelaysMs?: readonly number[];
  onError?: (error: Error) => void;
}

const SETTLE_DELAYS_MS = [100, 1000];

export function watchPrompts(
  host: VaultHost,
  onListChanged: () => void,
  options: PromptWatchOptions = {},
): PromptWatcher {
  const delays = options.settleDelaysMs ?? SETTLE_DELAYS_MS;
  const timers = new Set<ReturnType<typeof setTimeout>>();
  let seen: string | null = null;
  let queue = Promise.resolve();
  let stopped = false;
  const waiting: (() => void)[] = [];
  const wakeWhenSettled = () => {
    if (timers.size > 0 && !stopped) return;
    const running = queue;
    void running.then(() => {
      if ((timers.size === 0 || stopped) && running === queue)
        waiting.splice(0).forEach((wake) => wake());
      else wakeWhenSettled();
    });
  };

  const compare = () => {
    queue = queue
      .then(async () => {
        if (stopped) return;
        const current = JSON.stringify(await listPrompts(host));
        if (seen !== null && current !== seen && !stopped) onListChanged();
        seen = current;
      })
      .catch((error: unknown) => options.onError?.(asError(error)));
  };
  const schedule = () => {
    if (stopped) return;
    for (const timer of timers) clearTimeout(timer);
    timers.clear();
    for (const delay of delays) {
      const timer = setTimeout(() => {
        timers.delete(timer);
        compare();
        wakeWhenSettled();
      }, delay);
      timers.add(timer);
    }
  };

  compare();
  const unsubscribe = host.onEvent((event) => {
    const oldPath = event.kind === 'rename' ? event.oldPath : null;
    if (touchesPrompts(event.path) || (oldPath !== null && touchesPrompts(oldPath))) schedule();
  });
  return {
    recheck: schedule,
    settled: () =>
      new Promise<void>((wake) => {
        waiting.push(wake);
        wakeWhenSettled();
      }),
    stop: () => {
      stopped = true;
      unsubscribe();
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      wakeWhenSettled();
    },
  };
}

function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}
