import { describe, expect, test } from 'bun:test';
import { ToolError } from '@mcp-connector/shared';
import { Operation, PROGRESS_EVERY_MS, increasingProgress, type Progress } from './operation.ts';

function operationAt(clock: { now: number }, timeLimitMs?: number) {
  return new Operation('op-1', {
    tool: 'search_and_replace',
    tokenId: 't',
    caller: 'Default',
    now: () => clock.now,
    ...(timeLimitMs !== undefined && { timeLimitMs }),
  });
}

describe('Operation', () => {
  test('followers hear one report per interval, only when done moved on', () => {
    const clock = { now: 0 };
    const operation = operationAt(clock);
    const heard: Progress[] = [];
    operation.follow((progress) => heard.push(progress));
    for (let done = 1; done <= 1000; done++) {
      clock.now = done; // a note a millisecond, for a second
      operation.report(done, 1000, 'Replacing in notes');
    }
    expect(heard.length).toBe(Math.ceil(1000 / PROGRESS_EVERY_MS));
    clock.now += PROGRESS_EVERY_MS;
    operation.report(1000);
    clock.now += PROGRESS_EVERY_MS;
    operation.report(1000); // the same count again: nothing new to say
    expect(heard.length).toBe(Math.ceil(1000 / PROGRESS_EVERY_MS) + 1);
    expect(heard[0]).toEqual({ done: 1, total: 1000, message: 'Replacing in notes' });
    const dones = heard.map((progress) => progress.done);
    expect(dones).toEqual([...dones].sort((a, b) => a - b));
    expect(new Set(dones).size).toBe(dones.length);
    operation.end();
  });

  test('the rate is that of what it does now', () => {
    const clock = { now: 0 };
    const operation = operationAt(clock);
    operation.report(100, 300, 'Looking for the pattern');
    clock.now = 2000;
    operation.report(300, 400, 'Replacing in notes');
    expect(operation.rate()).toBeNull();
    clock.now = 4000;
    operation.report(400);
    expect(operation.rate()).toBe(50);
    expect(operation.progress).toEqual({ done: 400, total: 400, message: 'Replacing in notes' });
    operation.end();
  });

  test('a stop aborts the signal with the ToolError the call fails with', () => {
    const operation = operationAt({ now: 0 });
    operation.stop('client');
    expect(operation.signal.aborted).toBe(true);
    const reason = operation.signal.reason as ToolError;
    expect(reason).toBeInstanceOf(ToolError);
    expect(reason.code).toBe('cancelled');
    expect(reason.message).toContain('put back');
    operation.stop('user'); // the first reason stays
    expect((operation.signal.reason as ToolError).details).toEqual({ cause: 'client' });
    operation.end();
  });

  test('past its time limit a call is stopped with time_limit', async () => {
    const operation = operationAt({ now: 0 }, 20);
    await new Promise((resolve) => operation.signal.addEventListener('abort', resolve));
    expect((operation.signal.reason as ToolError).code).toBe('time_limit');
    operation.end();
  });
});

test('notifications count on over passes that start again from 0, each above the last', () => {
  const increasing = increasingProgress();
  const index = (done: number) => ({ done, total: 100, message: 'Waiting for the vault index' });
  const tool = (done: number) => ({ done, total: 10, message: 'Replacing in notes' });
  expect(increasing(index(40))).toEqual(index(40));
  expect(increasing(index(40))).toBeNull();
  expect(increasing(tool(1))).toEqual({ ...tool(41), total: 50 });
  expect(increasing(tool(5))).toEqual({ ...tool(45), total: 50 });
  expect(increasing({ done: 2, total: null, message: 'Writing' })).toEqual({
    done: 47,
    total: null,
    message: 'Writing',
  });
});
