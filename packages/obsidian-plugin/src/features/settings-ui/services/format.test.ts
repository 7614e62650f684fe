import { describe, expect, test } from 'bun:test';
import {
  firstSentence,
  formatDuration,
  formatLastSeen,
  formatUptime,
  indexProgress,
} from './format.ts';

const building = {
  providerId: 'hashing:64',
  state: 'building' as const,
  filesIndexed: 120,
  filesTotal: 400,
  percent: 30,
  notesPerSecond: 14,
  chunks: 300,
  error: null,
};

describe('settings tab texts', () => {
  test('durations and last seen', () => {
    expect(formatDuration(42)).toBe('42 s');
    expect(formatDuration(3 * 3600 + 125)).toBe('3 h 2 min');
    expect(formatDuration(2 * 86_400 + 3 * 3600)).toBe('2 d 3 h');
    expect(formatUptime(42)).toBe('under a minute');
    expect(formatUptime(125)).toBe('2 min');
    const now = Date.parse('2026-03-01T12:00:00Z');
    expect(formatLastSeen(null, now)).toBe('never');
    expect(formatLastSeen('2026-03-01T11:59:30Z', now)).toBe('just now');
    expect(formatLastSeen('2026-03-01T11:55:00Z', now)).toBe('5 min ago');
  });

  test("a tool's summary is its first sentence", () => {
    expect(firstSentence('Read a file and its revision. format "json" adds frontmatter.')).toBe(
      'Read a file and its revision.',
    );
    expect(firstSentence('Open a file in Obsidian (newLeaf: in a new tab)')).toBe(
      'Open a file in Obsidian (newLeaf: in a new tab)',
    );
  });

  test('index progress: done of total, pace and time left; ready and failed lines', () => {
    expect(indexProgress(building)).toBe(
      'Indexing: 120 of 400 notes (30%) · 14 notes/s · about 20 s left',
    );
    expect(indexProgress({ ...building, notesPerSecond: 0 })).toBe(
      'Indexing: 120 of 400 notes (30%) · starting',
    );
    expect(indexProgress({ ...building, state: 'ready', filesTotal: 400 })).toBe(
      'Ready: 400 notes, 300 chunks (hashing:64).',
    );
    expect(indexProgress({ ...building, state: 'failed', error: 'disk full' })).toBe(
      'Failed: disk full',
    );
  });
});
