import { describe, expect, test } from 'bun:test';
import {
  formatDuration,
  formatMiB,
  formatRatio,
  median,
  medianOf,
  peersTable,
  type PeerColumn,
} from './peers-table.ts';

describe('median', () => {
  test('the middle value of an odd count, the mean of the two middles of an even one', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNaN();
  });

  test('medianOf skips the rounds without the figure', () => {
    const column: PeerColumn = {
      name: 'x',
      rounds: [{ searchMs: 10 }, {}, { searchMs: 30 }, { searchMs: 20 }],
    };
    expect(medianOf(column, 'searchMs')).toBe(20);
    expect(medianOf(column, 'rssMiB')).toBeNaN();
  });
});

describe('formatting', () => {
  test('durations read as ms below a second and as seconds above', () => {
    expect(formatDuration(5.55)).toBe('5.5 ms');
    expect(formatDuration(86.2)).toBe('86 ms');
    expect(formatDuration(1400)).toBe('1.40 s');
    expect(formatDuration(14_600)).toBe('14.6 s');
    expect(formatDuration(Number.NaN)).toBe('(none)');
  });

  test('memory in whole MiB', () => {
    expect(formatMiB(851.4)).toBe('851 MiB');
    expect(formatMiB(Number.NaN)).toBe('(none)');
  });

  test('ratios are ours/peer, with more digits when far below 1', () => {
    expect(formatRatio(5600, 320)).toBe('17.50x');
    expect(formatRatio(86, 14_600)).toBe('0.006x');
    expect(formatRatio(86, Number.NaN)).toBe('');
    expect(formatRatio(86, 0)).toBe('');
  });
});

describe('peersTable', () => {
  const ours: PeerColumn = {
    name: 'ours',
    rounds: [
      { listWarmMs: 5600, listColdMs: 12_000, rssMiB: 851, searchMs: 86 },
      { listWarmMs: 5800, listColdMs: 11_000, rssMiB: 860, searchMs: 90 },
      { listWarmMs: 5400, listColdMs: 13_000, rssMiB: 840, searchMs: 80 },
    ],
  };
  const withSearch: PeerColumn = {
    name: 'obsidian-mcp',
    rounds: [{ listWarmMs: 320, listColdMs: 400, rssMiB: 81, searchMs: 14_600 }],
  };
  const withoutSearch: PeerColumn = {
    name: 'mcp-obsidian',
    rounds: [{ listWarmMs: 100, listColdMs: 140, rssMiB: 65 }],
  };

  test('prints the medians, and each peer cell with ours/peer', () => {
    expect(peersTable('100,000 notes', ours, [withSearch, withoutSearch])).toBe(
      [
        '| 100,000 notes | ours | obsidian-mcp | mcp-obsidian |',
        '| --- | --- | --- | --- |',
        '| spawn -> tools/list answered, warm / cold | 5.60 s / 12.0 s | 320 ms / 400 ms (ours 17.50x / 30.00x) | 100 ms / 140 ms (ours 56.00x / 85.71x) |',
        '| RSS at ready, warm | 851 MiB | 81 MiB (ours 10.51x) | 65 MiB (ours 13.09x) |',
        '| search a rare word | 86 ms | 14.6 s (ours 0.006x) | (none) |',
      ].join('\n'),
    );
  });

  test('a figure ours lacks prints no ratio', () => {
    const noCold: PeerColumn = { name: 'ours', rounds: [{ listWarmMs: 200, rssMiB: 100 }] };
    const table = peersTable('t', noCold, [withoutSearch]);
    expect(table).toContain('| 200 ms / (none) | 100 ms / 140 ms (ours 2.00x / -) |');
  });
});
