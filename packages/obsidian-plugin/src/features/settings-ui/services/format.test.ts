import { describe, expect, test } from 'bun:test';
import { firstSentence, formatDuration, formatLastSeen, formatUptime } from './format.ts';

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
});
