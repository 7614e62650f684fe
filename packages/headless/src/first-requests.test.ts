import { describe, expect, test } from 'bun:test';
import { FirstRequests, LATEST_MS, QUIET_MS } from './first-requests.ts';

// Timers may fire a millisecond early.
const EARLY_MS = 5;

describe('FirstRequests: when the index build begins', () => {
  test('once no request arrived or ended for the quiet period', async () => {
    const first = new FirstRequests();
    const answered = first.answered();
    const initialize = first.onRequest();
    initialize();
    const toolsList = first.onRequest();
    toolsList();
    const endedAt = performance.now();
    await answered;
    expect(performance.now() - endedAt).toBeGreaterThanOrEqual(QUIET_MS - EARLY_MS);
  });

  test('a call still waiting (for the index) does not hold it back', async () => {
    const first = new FirstRequests();
    const answered = first.answered();
    first.onRequest(); // never ends
    const arrivedAt = performance.now();
    await answered;
    expect(performance.now() - arrivedAt).toBeLessThan(LATEST_MS);
  });

  test('steady traffic holds it back no longer than the latest start', async () => {
    const first = new FirstRequests();
    const startedAt = performance.now();
    const answered = first.answered();
    const traffic = setInterval(() => first.onRequest()(), QUIET_MS / 3);
    await answered;
    clearInterval(traffic);
    expect(performance.now() - startedAt).toBeGreaterThanOrEqual(LATEST_MS - EARLY_MS);
  });

  test('a server that closes lets it begin at once, also before the port opened', async () => {
    const open = new FirstRequests();
    const answered = open.answered();
    const stoppedAt = performance.now();
    open.stop();
    await answered;
    const closedFirst = new FirstRequests();
    closedFirst.stop();
    await closedFirst.answered();
    expect(performance.now() - stoppedAt).toBeLessThan(QUIET_MS);
  });
});
