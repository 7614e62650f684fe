import { describe, expect, test } from 'bun:test';
import { defaultChangeJournalSettings } from '@mcp-connector/shared';
import type { Change } from './change-record.ts';
import { changesToKeep, liveKeys, overBounds, pinnedSize } from './journal-bounds.ts';

const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.parse('2026-06-30T00:00:00Z');
const bounds = { maxSizeMb: 1, maxAgeDays: 30, maxBinaryMb: 1 };

function change(id: string, daysAgo: number, blob: string | null = null): Change {
  return {
    id,
    time: new Date(NOW - daysAgo * DAY).toISOString(),
    actor: { tokenId: 't', label: 'T' },
    tool: 'create_vault_file',
    summary: '{}',
    steps: [
      {
        step: 'put',
        path: `${id}.md`,
        before: blob === null ? { kind: 'absent' } : { kind: 'file', revision: 'r', size: 1, blob },
      },
    ],
    after: { [`${id}.md`]: 'r' },
  };
}

describe('journal bounds', () => {
  test('changes older than maxAgeDays go, even the newest', () => {
    const changes = [change('old', 40), change('recent', 2)];
    expect([...changesToKeep(changes, () => 0, bounds, NOW)]).toEqual(['recent']);
    expect([...changesToKeep([change('old', 40)], () => 0, bounds, NOW)]).toEqual([]);
  });

  test('over the size the oldest go, down to 80%; a blob shared by two changes counts once; the newest stays', () => {
    const size = (blob: string) => (blob === 'big' ? 700 * 1024 : 300 * 1024);
    const changes = [change('a', 3, 'small'), change('b', 2, 'big'), change('c', 1, 'small')];
    expect([...changesToKeep(changes, size, bounds, NOW)].sort()).toEqual(['c']);
    const huge = [change('a', 2, 'small'), change('z', 1, 'huge')];
    expect([...changesToKeep(huge, () => 5 * 1024 * 1024, bounds, NOW)]).toEqual(['z']);
    const shared = [change('a', 3, 'small'), change('b', 2, 'small')];
    expect([...changesToKeep(shared, size, bounds, NOW)].sort()).toEqual(['a', 'b']);
  });

  test('overBounds: size, the oldest change, or a key past 24 hours', () => {
    const small = { journalBytes: 10, imageBytes: 10 };
    expect(overBounds(change('a', 1), undefined, small, bounds, NOW)).toBe(false);
    expect(overBounds(change('a', 31), undefined, small, bounds, NOW)).toBe(true);
    expect(
      overBounds(
        undefined,
        undefined,
        { journalBytes: 2 * 1024 * 1024, imageBytes: 0 },
        bounds,
        NOW,
      ),
    ).toBe(true);
    const key = (hours: number) => ({
      t: 'key' as const,
      tokenId: 't',
      key: 'k',
      fingerprint: 'f',
      time: new Date(NOW - hours * 3600 * 1000).toISOString(),
      change: null,
      result: {},
    });
    expect(overBounds(undefined, key(25), small, bounds, NOW)).toBe(true);
    expect(liveKeys([key(25), key(1)], defaultChangeJournalSettings(), NOW)).toEqual([key(1)]);
  });

  test('pinned versions stay whatever their age and size, and count in neither bound', () => {
    const pinned = { ...change('pin', 90, 'huge'), pin: { label: 'v1' } };
    const size = (blob: string) => (blob === 'huge' ? 5 * 1024 * 1024 : 300 * 1024);
    const changes = [change('old', 40), pinned, change('a', 3, 'small'), change('b', 2, 'small')];
    expect([...changesToKeep(changes, size, bounds, NOW)].sort()).toEqual(['a', 'b', 'pin']);
    expect(pinnedSize(changes, size).imageBytes).toBe(5 * 1024 * 1024);
  });
});
