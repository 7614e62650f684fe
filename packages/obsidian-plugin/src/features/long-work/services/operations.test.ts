import { describe, expect, test } from 'bun:test';
import type { ToolError } from '@mcp-connector/shared';
import { Operations, SHOW_AFTER_MS } from './operations.ts';

const call = (requestId?: number) => ({
  tool: 'search_and_replace',
  tokenId: 't',
  ...(requestId !== undefined && { requestId }),
});
const callerOf = () => 'Default';

describe('Operations', () => {
  test("a client's cancellation reaches its request's call, from any request", () => {
    const operations = new Operations();
    const mine = operations.start(call(7));
    const other = operations.start({ ...call(7), tokenId: 'u' });
    expect(operations.cancelRequest('t', 8)).toBe(false);
    expect(operations.cancelRequest('t', 7)).toBe(true);
    expect(mine.signal.aborted).toBe(true);
    expect(other.signal.aborted).toBe(false);
    operations.end(mine);
    operations.end(other);
  });

  test('writes are busy while a call that may write runs, and idle once the last ends', async () => {
    const operations = new Operations();
    const read = operations.start(call());
    expect(operations.writes.busy).toBe(false);
    const first = operations.start({ ...call(), writes: true });
    const second = operations.start({ ...call(), writes: true });
    let idle = false;
    const waiting = operations.writes.idle().then(() => (idle = true));
    operations.end(first);
    await Promise.resolve();
    expect([operations.writes.busy, idle]).toEqual([true, false]);
    operations.end(second);
    await waiting;
    expect(operations.writes.busy).toBe(false);
    operations.end(read);
  });

  test('an id two calls of one token share stops neither; a task is no longer its request', () => {
    const operations = new Operations();
    const first = operations.start(call(1));
    const second = operations.start(call(1));
    expect(operations.cancelRequest('t', 1)).toBe(false);
    expect([first.signal.aborted, second.signal.aborted]).toEqual([false, false]);
    operations.forgetRequest(first);
    expect(operations.cancelRequest('t', 1)).toBe(true);
    expect([first.signal.aborted, second.signal.aborted]).toEqual([false, true]);
    operations.end(first);
    operations.end(second);
  });

  test('a call shows once it has run a while; its progress and its end are told', () => {
    const clock = { now: 0 };
    const operations = new Operations({ now: () => clock.now, callerOf });
    let changes = 0;
    operations.onChange(() => changes++);
    const operation = operations.start(call());
    operation.report(1, 10, 'Replacing in notes');
    expect(operations.shown()).toEqual([]);
    clock.now = SHOW_AFTER_MS;
    operation.report(5);
    expect(operations.shown()).toMatchObject([
      { tool: 'search_and_replace', caller: 'Default', progress: { done: 5, total: 10 } },
    ]);
    expect(operations.stop(operation.id)).toBe(true);
    expect(operations.shown()[0]?.stopping).toBe(true);
    operations.end(operation);
    expect(operations.shown()).toEqual([]);
    expect(changes).toBe(3);
    expect(operations.stop(operation.id)).toBe(false);
  });

  test('closing stops every call and waits until each has ended', async () => {
    const operations = new Operations();
    const operation = operations.start(call());
    let closed = false;
    const closing = operations.close().then(() => (closed = true));
    expect((operation.signal.reason as ToolError).details).toEqual({ cause: 'closing' });
    await Promise.resolve();
    expect(closed).toBe(false);
    operations.end(operation);
    await closing;
    expect(operations.start(call()).signal.aborted).toBe(true);
  });

  test('a close does not wait for ever on a call that does not end', async () => {
    const operations = new Operations({ closeWaitMs: 20 });
    const stuck = operations.start(call());
    await operations.close();
    expect(stuck.signal.aborted).toBe(true);
    operations.end(stuck);
  });
});
