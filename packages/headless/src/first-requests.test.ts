import { describe, expect, test } from 'bun:test';
import { FirstRequests, LATEST_MS, QUIET_MS } from './first-requests.ts';

describe('FirstRequests: when the index build begins', () => {
  test('once no request has run for the quiet period, counted from the last one that ended', async () => {
    const first = new FirstRequests();
    const answered = first.answered();
    const end = first.onRequest(); // initialize, in flight
    const second = first.onRequest(); // tools/list, in flight too
    end();
    second();
    const endedAt = performance.now();
    await answered;
    // Timers may fire a millisecond early.
    expect(performance.now() - endedAt).toBeGreaterThanOrEqual(QUIET_MS - 5);
  });

  test('a request that never ends holds it back no longer than the latest start', async () => {
    const first = new FirstRequests();
    const startedAt = performance.now();
    const answered = first.answered();
    first.onRequest(); // a call that waits for the index
    await answered;
    expect(performance.now() - startedAt).toBeGreaterThanOrEqual(LATEST_MS - 5);
  });

  test('a server that closes lets it begin at once, also before the port opened', async () => {
    const open = new FirstRequests();
    const answered = open.answered();
    open.onRequest();
    const stoppedAt = performance.now();
    open.stop();
    await answered;
    const closedFirst = new FirstRequests();
    closedFirst.stop();
    await closedFirst.answered();
    expect(performance.now() - stoppedAt).toBeLessThan(QUIET_MS);
  });

  test('requests before the port opened are not counted', async () => {
    const first = new FirstRequests();
    first.onRequest(); // never ends: it must not hold the build
    const startedAt = performance.now();
    await first.answered();
    expect(performance.now() - startedAt).toBeLessThan(LATEST_MS);
  });
});
