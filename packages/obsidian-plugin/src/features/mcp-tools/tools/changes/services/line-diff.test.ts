import { expect, test } from 'bun:test';
import { TEXT_CAP_BYTES } from '../../../services/text-cap.ts';
import { lineDiff } from './line-diff.ts';

const lines = (count: number, word: string) =>
  Array.from({ length: count }, (_, index) => `${word} ${index}\n`).join('');

test('one changed line is one hunk with three lines of context, numbered from 1', () => {
  const older = lines(10, 'line');
  const newer = older.replace('line 5\n', 'LINE FIVE\n');
  expect(lineDiff(older, newer)).toEqual({
    added: 1,
    removed: 1,
    hunks: [
      '@@ -3,7 +3,7 @@\n line 2\n line 3\n line 4\n-line 5\n+LINE FIVE\n line 6\n line 7\n line 8',
    ],
    total: 1,
    truncated: false,
  });
});

test('equal texts have no hunks; from nothing, every line is added', () => {
  expect(lineDiff('same\n', 'same\n')).toMatchObject({ hunks: [], total: 0 });
  expect(lineDiff('', 'a\nb\n')).toMatchObject({
    added: 2,
    removed: 0,
    hunks: ['@@ -0,0 +1,2 @@\n+a\n+b'],
  });
});

test('hunks past the text cap are left out, counted in total, and the answer says truncated', () => {
  const older = Array.from({ length: 80 }, (_, index) => `${'x'.repeat(1000)} ${index}\n`).join(
    '\n\n\n\n\n\n\n',
  );
  const newer = older.replaceAll('x', 'y');
  const diff = lineDiff(older, newer);
  expect(diff.total).toBe(80);
  expect(diff.truncated).toBe(true);
  expect(diff.hunks.length).toBeLessThan(80);
  expect(Buffer.byteLength(diff.hunks.join(''))).toBeLessThanOrEqual(TEXT_CAP_BYTES);
  expect(diff.added).toBe(80);
});

test('a single hunk over the cap is cut at a line', () => {
  const diff = lineDiff('', lines(5_000, 'a fairly long line of text'));
  expect(diff).toMatchObject({ total: 1, truncated: true, added: 5_000 });
  expect(Buffer.byteLength(diff.hunks[0] as string)).toBeLessThanOrEqual(TEXT_CAP_BYTES);
  expect(diff.hunks[0]?.endsWith('\n')).toBe(true);
});

test('texts that share almost nothing are one hunk replacing every line, not minimal', () => {
  const diff = lineDiff(lines(3_000, 'old'), lines(3_000, 'new'));
  expect(diff).toMatchObject({ added: 3_000, removed: 3_000, total: 1, minimal: false });
  expect(diff.hunks[0]?.startsWith('@@ -1,3000 +1,3000 @@\n-old 0\n')).toBe(true);
});
