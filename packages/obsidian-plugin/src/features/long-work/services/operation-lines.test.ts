import { expect, test } from 'bun:test';
import { operationLine, operationsStatus, progressText } from './operation-lines.ts';
import type { OperationView } from './operations.ts';

const view: OperationView = {
  id: 'op-1',
  tool: 'search_and_replace',
  caller: 'Default',
  startedAt: 0,
  progress: { done: 1200, total: 15_000, message: 'Replacing in notes' },
  rate: 850,
  stopping: false,
};

test('a line says what, how far, how fast and how long yet', () => {
  expect(operationLine(view)).toBe(
    'search_and_replace (Default): Replacing in notes: 1,200 of 15,000 (8%), 850/s, about 16 s left',
  );
  expect(operationLine({ ...view, rate: null })).toBe(
    'search_and_replace (Default): Replacing in notes: 1,200 of 15,000 (8%)',
  );
  expect(operationLine({ ...view, stopping: true })).toBe(
    'search_and_replace (Default): stopping, putting back what it changed',
  );
  expect(progressText({ done: 0, total: null, message: '' })).toBe('Working');
});

test('the status bar names the oldest call, how far, and how many more', () => {
  expect(operationsStatus([])).toBeNull();
  expect(operationsStatus([view])).toBe('MCP search_and_replace 8%');
  expect(operationsStatus([view, { ...view, stopping: true }])).toBe(
    'MCP search_and_replace 8% +1',
  );
  expect(operationsStatus([{ ...view, stopping: true }])).toBe('MCP search_and_replace stopping');
});
