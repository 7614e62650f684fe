import { describe, expect, test } from 'bun:test';
import { Operations } from './operations.ts';
import {
  DEFAULT_TASK_TTL_MS,
  MAX_TASKS_PER_TOKEN,
  MIN_TASK_TTL_MS,
  TaskStore,
} from './task-store.ts';

function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  let reject: (error: unknown) => void = () => undefined;
  const promise = new Promise<T>((yes, no) => ((resolve = yes), (reject = no)));
  return { promise, resolve, reject };
}

function setup() {
  const clock = { now: Date.parse('2026-12-01T10:00:00Z') };
  const operations = new Operations({ now: () => clock.now });
  const store = new TaskStore<string>({ now: () => clock.now });
  const start = (tokenId = 't', ttlMs?: number) => {
    const operation = operations.start({ tool: 'search_and_replace', tokenId });
    const run = deferred<string>();
    const view = store.create(tokenId, operation, run.promise, ttlMs);
    return { operation, run, view };
  };
  return { clock, store, start };
}

describe('TaskStore', () => {
  test('a task is its token only: another token finds nothing, not even to cancel', async () => {
    const { store, start } = setup();
    const { view, run, operation } = start('t');
    const taskId = view?.taskId as string;
    expect(store.get('t', taskId)).toMatchObject({
      taskId,
      outcome: null,
      ttlMs: DEFAULT_TASK_TTL_MS,
    });
    expect(store.get('u', taskId)).toBeNull();
    expect(store.cancel('u', taskId)).toBeNull();
    expect(store.list('u')).toEqual([]);
    expect(operation.signal.aborted).toBe(false);
    operation.report(3, 10, 'Replacing in notes');
    expect(store.get('t', taskId)?.progress).toBe('Replacing in notes: 3 of 10 (30%)');
    run.resolve('done');
    expect((await store.settled('t', taskId))?.outcome).toEqual({ kind: 'answer', result: 'done' });
  });

  test('a cancel stops the run once; the outcome is what the run ends with', async () => {
    const { store, start } = setup();
    const { view, run, operation } = start();
    const taskId = view?.taskId as string;
    expect(store.cancel('t', taskId)?.cancelRequested).toBe(true);
    expect(operation.signal.aborted).toBe(true);
    run.reject(new Error('boom'));
    const ended = await store.settled('t', taskId);
    expect(ended?.outcome).toEqual({ kind: 'error', error: { code: -32603, message: 'boom' } });
  });

  test('a token keeps a bounded number: a finished task makes room, running ones do not', async () => {
    const { store, start } = setup();
    const first = start();
    first.run.resolve('first');
    await store.settled('t', first.view?.taskId as string);
    for (let index = 1; index < MAX_TASKS_PER_TOKEN; index++) start();
    expect(start().view).not.toBeNull(); // the finished first one made room
    expect(store.get('t', first.view?.taskId as string)).toBeNull();
    expect(start().view).toBeNull(); // all running now
    expect(start('u').view).not.toBeNull();
  });

  test('a finished task is dropped once its time to live has passed, counted from creation', async () => {
    const { clock, store, start } = setup();
    const { view, run } = start('t', 1);
    expect(view?.ttlMs).toBe(MIN_TASK_TTL_MS);
    clock.now += MIN_TASK_TTL_MS;
    expect(store.get('t', view?.taskId as string)).not.toBeNull(); // still running: kept
    run.resolve('late');
    await store.settled('t', view?.taskId as string);
    expect(store.get('t', view?.taskId as string)).toBeNull();
  });
});
