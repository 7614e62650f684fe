import { expect, test } from 'bun:test';
import type { CallToolResult } from '@modelcontextprotocol/server';
import type { TaskOutcome } from '../../long-work/index.ts';
import {
  legacyCreateTaskResult,
  legacyTask,
  modernCreateTaskResult,
  modernTask,
} from './task-wire.ts';
import type { CallTaskView } from './task-wire.ts';

const running: CallTaskView = {
  taskId: 't1',
  tool: 'search_and_replace',
  createdAt: '2026-12-01T10:00:00.000Z',
  lastUpdatedAt: '2026-12-01T10:00:01.000Z',
  ttlMs: 3_600_000,
  pollIntervalMs: 500,
  cancelRequested: false,
  outcome: null,
  progress: 'Replacing in notes: 3 of 10 (30%)',
};

const answered = (result: CallToolResult): TaskOutcome<CallToolResult> => ({
  kind: 'answer',
  result,
});
const failure = (code: string): CallToolResult => ({
  isError: true,
  content: [{ type: 'text', text: code }],
  structuredContent: { code, message: code },
});
const ok: CallToolResult = { content: [{ type: 'text', text: '{}' }], structuredContent: {} };

test('each line words how a task ended', () => {
  const cases: [CallTaskView, string, string][] = [
    [running, 'working', 'working'],
    [{ ...running, outcome: answered(ok) }, 'completed', 'completed'],
    [{ ...running, outcome: answered(failure('not_found')) }, 'failed', 'completed'],
    [{ ...running, outcome: answered(failure('cancelled')) }, 'cancelled', 'cancelled'],
    [{ ...running, cancelRequested: true }, 'cancelled', 'working'],
    [
      { ...running, outcome: { kind: 'error', error: { code: -32603, message: 'x' } } },
      'failed',
      'failed',
    ],
  ];
  for (const [view, legacy, modern] of cases) {
    expect([legacyTask(view).status as string, modernTask(view).status as string]).toEqual([
      legacy,
      modern,
    ]);
  }
});

test('the 2026-07-28 task inlines the answer once it is done; legacy names ttl and pollInterval', () => {
  expect(modernTask({ ...running, outcome: answered(ok) })).toMatchObject({
    result: ok,
    ttlMs: 3_600_000,
  });
  expect('result' in modernTask({ ...running, outcome: answered(failure('cancelled')) })).toBe(
    false,
  );
  expect(legacyTask(running)).toEqual({
    taskId: 't1',
    status: 'working',
    statusMessage: 'Replacing in notes: 3 of 10 (30%)',
    createdAt: running.createdAt,
    lastUpdatedAt: running.lastUpdatedAt,
    ttl: 3_600_000,
    pollInterval: 500,
  });
});

test('a call that goes on as a task answers with it, as each line says', () => {
  expect(legacyCreateTaskResult(running)).toMatchObject({
    task: { taskId: 't1', status: 'working' },
    content: [{ type: 'text' }],
  });
  const modern = modernCreateTaskResult(running) as unknown as Record<string, unknown>;
  expect(modern).toMatchObject({
    resultType: 'task',
    taskId: 't1',
    status: 'working',
    ttlMs: 3_600_000,
  });
  expect('task' in modern || 'result' in modern).toBe(false);
});
