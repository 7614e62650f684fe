/**
 * Counts the timers code under test leaves behind. Bun has no `getActiveResourcesInfo`, so the
 * timer functions are wrapped: the globals while a tracker runs, and `node:timers` (which
 * modules import by name) through bun:test's module mock, installed once and transparent when no
 * tracker runs. A timer is live from its creation until it fires (one-shot) or is cleared.
 */
import { mock } from 'bun:test';
import * as timers from 'node:timers';

type Kind = 'timeout' | 'interval' | 'immediate';

/** A timer created while tracking and neither fired nor cleared since. */
export interface LiveTimer {
  kind: Kind;
  /** Where it was created: the stack below the wrapper. */
  createdAt: string;
}

export interface TimerTracker {
  /** The timers created since `trackTimers` that are still live. */
  live(): LiveTimer[];
  stop(): void;
}

const real = {
  setTimeout: timers.setTimeout,
  setInterval: timers.setInterval,
  setImmediate: timers.setImmediate,
  clearTimeout: timers.clearTimeout,
  clearInterval: timers.clearInterval,
  clearImmediate: timers.clearImmediate,
};

let tracking: Map<unknown, LiveTimer> | null = null;

type Callback = (...args: unknown[]) => void;

/** Records the timer `create` makes until it fires (one-shot) or is cleared. */
function tracked(
  kind: Kind,
  create: (run: () => void) => unknown,
  callback: Callback,
  args: unknown[],
) {
  const live = tracking;
  let handle: unknown = null;
  handle = create(() => {
    if (kind !== 'interval') live?.delete(handle);
    callback(...args);
  });
  live?.set(handle, { kind, createdAt: (new Error().stack ?? '').split('\n').slice(3).join('\n') });
  return handle;
}

function clearing(clear: (handle: never) => void) {
  return (handle: unknown): void => {
    tracking?.delete(handle);
    clear(handle as never);
  };
}

const patched = {
  setTimeout: (callback: Callback, ms?: number, ...args: unknown[]) =>
    tracked('timeout', (run) => real.setTimeout(run, ms), callback, args),
  setInterval: (callback: Callback, ms?: number, ...args: unknown[]) =>
    tracked('interval', (run) => real.setInterval(run, ms), callback, args),
  setImmediate: (callback: Callback, ...args: unknown[]) =>
    tracked('immediate', (run) => real.setImmediate(run), callback, args),
  clearTimeout: clearing(real.clearTimeout),
  clearInterval: clearing(real.clearInterval),
  clearImmediate: clearing(real.clearImmediate),
};

let moduleMocked = false;

/** Starts counting the timers created from now on; `stop` restores the globals. */
export function trackTimers(): TimerTracker {
  if (!moduleMocked) {
    void mock.module('node:timers', () => ({ ...timers, ...patched }));
    moduleMocked = true;
  }
  const globals = globalThis as unknown as Record<string, unknown>;
  const saved = Object.fromEntries(Object.keys(patched).map((name) => [name, globals[name]]));
  Object.assign(globals, patched);
  const live = new Map<unknown, LiveTimer>();
  tracking = live;
  return {
    live: () => [...live.values()],
    stop: () => {
      if (tracking === live) tracking = null;
      Object.assign(globals, saved);
    },
  };
}
