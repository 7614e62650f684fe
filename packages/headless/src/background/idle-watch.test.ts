import { describe, expect, test } from 'bun:test';
import { waitFor } from '@mcp-connector/shared/test-support';
import { IdleWatch } from './idle-watch.ts';

/** Resolves after `ms`: only to let a watch's period pass where the test asserts nothing fired. */
const periodPassed = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('IdleWatch', () => {
  test('fires once nothing arrived for the idle period', async () => {
    let idle = false;
    const watch = new IdleWatch(20, () => (idle = true));
    await waitFor(() => idle, 'the idle call');
    watch.stop();
  });

  test('never fires while a request is in flight, and counts again from its end', async () => {
    let idleAt = 0;
    const watch = new IdleWatch(30, () => (idleAt = Date.now()));
    const end = watch.onRequest();
    await periodPassed(150);
    expect(idleAt).toBe(0);
    const endedAt = Date.now();
    end();
    end(); // a second call (a response closing twice) changes nothing
    await waitFor(() => idleAt > 0, 'the idle call after the request ended');
    expect(idleAt - endedAt).toBeGreaterThanOrEqual(25);
    watch.stop();
  });

  test('stop cancels it', async () => {
    let idle = false;
    const watch = new IdleWatch(10, () => (idle = true));
    watch.stop();
    await periodPassed(60);
    expect(idle).toBe(false);
  });
});
