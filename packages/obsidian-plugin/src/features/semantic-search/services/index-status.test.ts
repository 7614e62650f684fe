import { describe, expect, test } from 'bun:test';
import { KEYWORD_ONLY_ID } from '../providers/keyword-only.ts';
import { statusOf } from './index-status.ts';
import { progressLine, throttled } from './progress-lines.ts';
import { RateMeter } from './rate-meter.ts';

function clock(start = 0) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe('index progress', () => {
  test('the retry delay is the queue over the measured rate, with no cap (8,000 notes at 2/s)', () => {
    const time = clock();
    const meter = new RateMeter(30_000, time.now);
    for (let second = 0; second < 20; second++) {
      time.advance(1000);
      meter.add(2);
    }
    const status = statusOf({
      providerId: 'offline:use-lite',
      state: 'building',
      error: null,
      pass: { startedAt: 0, processed: 40, listed: 8000, meter },
      pending: 7960,
      store: null,
    });
    expect(status.notesPerSecond).toBe(2);
    expect(status.retryAfterSeconds).toBe(3980);
    expect(progressLine(status)).toBe(
      'Semantic index: 40 of 8000 notes (0%, 2.0 notes/s, about 66 min left, offline:use-lite).',
    );
  });

  test('a ready index without a model says it ranks by keywords, not that semantic search is ready', () => {
    const pass = { startedAt: 0, processed: 30, listed: 30, meter: new RateMeter() };
    const parts = { error: null, store: null, state: 'ready' as const, pass, pending: 0 };
    const keywords = progressLine(statusOf({ ...parts, providerId: KEYWORD_ONLY_ID }));
    expect(keywords).toStartWith('Keyword index ready:');
    expect(keywords).toContain('No model is installed yet');
    expect(progressLine(statusOf({ ...parts, providerId: 'hashing:32' }))).toStartWith(
      'Semantic index ready:',
    );
  });

  test('before the first batch the pace is 0 and the retry 10 s; a ready index reports none', () => {
    const pass = { startedAt: 0, processed: 0, listed: 30, meter: new RateMeter() };
    const parts = { providerId: 'hashing:32', error: null, store: null };
    const building = statusOf({ ...parts, state: 'building', pass, pending: 30 });
    expect(building).toMatchObject({ notesPerSecond: 0, retryAfterSeconds: 10 });
    expect(statusOf({ ...parts, state: 'ready', pass, pending: 0 }).notesPerSecond).toBe(0);
  });

  test('the rate follows the current pace, not the average since the start', () => {
    const time = clock();
    const meter = new RateMeter(10_000, time.now);
    time.advance(1000);
    meter.add(500); // a first burst of unchanged notes
    for (let second = 0; second < 30; second++) {
      time.advance(1000);
      meter.add(1);
    }
    expect(meter.perSecond()).toBeCloseTo(1, 1);
  });

  test('a throttled log passes every change of state and at most one line per interval', () => {
    const time = clock(10_000);
    const lines: string[] = [];
    const report = throttled(
      (status: { state: string; n: number }) => lines.push(`${status.state} ${status.n}`),
      5000,
      time.now,
    );
    report({ state: 'building', n: 0 });
    for (let n = 1; n <= 100; n++) {
      time.advance(100);
      report({ state: 'building', n });
    }
    report({ state: 'ready', n: 100 });
    expect(lines).toEqual(['building 0', 'building 50', 'building 100', 'ready 100']);
  });
});
