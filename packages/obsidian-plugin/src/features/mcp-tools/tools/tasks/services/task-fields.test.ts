import { describe, expect, test } from 'bun:test';
import { taskFields, usesTasksEmoji, type TaskFields } from './task-fields.ts';

describe('the Tasks plugin emoji format (its documentation samples)', () => {
  test.each<[string, TaskFields]>([
    ['Has a created date ➕ 2023-04-13', { created: '2023-04-13' }],
    ['Has a scheduled date ⏳ 2023-04-14', { scheduled: '2023-04-14' }],
    ['Has a start date 🛫 2023-04-15', { start: '2023-04-15' }],
    ['Has a due date 📅 2023-04-16', { due: '2023-04-16' }],
    ['Has a done date ✅ 2023-04-17', { done: '2023-04-17' }],
    ['Has a cancelled date ❌ 2023-04-18', { cancelled: '2023-04-18' }],
    ['Lowest priority ⏬', { priority: 'lowest' }],
    ['Low priority 🔽', { priority: 'low' }],
    ['Medium priority 🔼', { priority: 'medium' }],
    ['High priority ⏫', { priority: 'high' }],
    ['Highest priority 🔺', { priority: 'highest' }],
    ['Normal priority', {}],
  ])('%s', (text, fields) => {
    expect(taskFields(text)).toEqual(fields);
  });

  test('several fields, a variation selector, and the other due emoji', () => {
    expect(taskFields('pay rent 🔼 🛫 2026-01-01 📅\uFE0F 2026-01-05 ^rent')).toEqual({
      priority: 'medium',
      start: '2026-01-01',
      due: '2026-01-05',
    });
    expect(taskFields('call 🗓️ 2026-02-02')).toEqual({ due: '2026-02-02' });
  });
});

describe("Dataview's inline fields", () => {
  test.each<[string, TaskFields]>([
    ['Has a due date  [due:: 2023-04-16]', { due: '2023-04-16' }],
    ['Has a done date  [completion:: 2023-04-17]', { done: '2023-04-17' }],
    ['(scheduled:: 2023-04-14) first', { scheduled: '2023-04-14' }],
    ['High priority  [priority:: high]', { priority: 'high' }],
    ['a time is cut to the date [created:: 2023-04-13T10:30]', { created: '2023-04-13' }],
    ['not a date [due:: tomorrow], unknown [owner:: me]', {}],
  ])('%s', (text, fields) => {
    expect(taskFields(text)).toEqual(fields);
  });
});

test('usesTasksEmoji: a dated field, a priority or a recurrence, not a lone tick', () => {
  expect(usesTasksEmoji('x 📅 2026-01-01')).toBe(true);
  expect(usesTasksEmoji('x ⏫')).toBe(true);
  expect(usesTasksEmoji('x 🔁 every day')).toBe(true);
  expect(usesTasksEmoji('all good ✅')).toBe(false);
  expect(usesTasksEmoji('[due:: 2026-01-01]')).toBe(false);
});
