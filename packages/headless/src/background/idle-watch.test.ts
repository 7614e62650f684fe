import { afterEach, beforeEach, describe, expect, jest, test } from 'bun:test';
import { IdleWatch } from './idle-watch.ts';

// The clock is the test's: periods pass when it says, so "nothing fired" is exact.
beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('IdleWatch', () => {
  test('fires once nothing arrived for the idle period', () => {
    let idle = false;
    const watch = new IdleWatch(20, () => (idle = true));
    jest.advanceTimersByTime(19);
    expect(idle).toBe(false);
    jest.advanceTimersByTime(1);
    expect(idle).toBe(true);
    watch.stop();
  });

  test('never fires while a request is in flight, and counts again from its end', () => {
    let idle = false;
    const watch = new IdleWatch(30, () => (idle = true));
    const end = watch.onRequest();
    jest.advanceTimersByTime(150);
    expect(idle).toBe(false);
    end();
    end(); // a second call (a response closing twice) changes nothing
    jest.advanceTimersByTime(29);
    expect(idle).toBe(false);
    jest.advanceTimersByTime(1);
    expect(idle).toBe(true);
    watch.stop();
  });

  test('stop cancels it', () => {
    let idle = false;
    const watch = new IdleWatch(10, () => (idle = true));
    watch.stop();
    jest.advanceTimersByTime(60);
    expect(idle).toBe(false);
  });
});
