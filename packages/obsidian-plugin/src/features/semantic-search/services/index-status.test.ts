import { describe, expect, test } from 'bun:test';
import { statusOf } from './index-status.ts';

const parts = { providerId: 'hashing:32', error: null, store: null };

describe('statusOf', () => {
  test('a build reports notes done of total, its pace so far and the time left at that pace', () => {
    const pass = { startedAt: Date.now() - 2000, processed: 10, listed: 30 };
    const status = statusOf({ ...parts, state: 'building', pass, pending: 20 });
    expect(status).toMatchObject({ filesIndexed: 10, filesTotal: 30, percent: 33 });
    expect(status.notesPerSecond).toBeCloseTo(5, 0);
    expect([4, 5]).toContain(status.retryAfterSeconds);
  });

  test('before the first batch the pace is 0; a ready index reports none', () => {
    const pass = { startedAt: Date.now(), processed: 0, listed: 30 };
    expect(statusOf({ ...parts, state: 'building', pass, pending: 30 }).notesPerSecond).toBe(0);
    expect(statusOf({ ...parts, state: 'ready', pass, pending: 0 }).notesPerSecond).toBe(0);
  });
});
