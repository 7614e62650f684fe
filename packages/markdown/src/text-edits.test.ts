import { expect, test } from 'bun:test';
import { applyEdits } from './text-edits.ts';

test('applies edits in any order by their original offsets', () => {
  expect(
    applyEdits('0123456789', [
      { start: 1, end: 2, replacement: 'one' },
      { start: 7, end: 9, replacement: '' },
      { start: 4, end: 4, replacement: '+' },
    ]),
  ).toBe('0one23+4569');
});

test('leaves the text as it is without edits', () => {
  expect(applyEdits('same', [])).toBe('same');
});
