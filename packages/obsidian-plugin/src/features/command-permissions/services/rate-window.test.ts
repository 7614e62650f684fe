import { expect, test } from 'bun:test';
import { RateWindow } from './rate-window.ts';

test('counts the calls of the last minute only', () => {
  const window = new RateWindow();
  expect(window.hit(0)).toBe(1);
  expect(window.hit(30_000)).toBe(2);
  expect(window.hit(59_999)).toBe(3);
  expect(window.hit(60_000)).toBe(3);
  expect(window.hit(120_001)).toBe(1);
});
