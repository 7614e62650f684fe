/**
 * A task as each protocol line words it (ADR-0036). The legacy line is MCP 2025-11-25's tasks
 * (`ttl`, `pollInterval`; cancelled at once on tasks/cancel; a tool result with isError is a
 * `failed` task; the result comes from tasks/result). The 2026-07-28 line is the Tasks
 * extension, io.modelcontextprotocol/tasks (SEP-2663: `ttlMs`, `pollIntervalMs`; cancelled once
 * the run has stopped; a tool error is a `completed` task; tasks/get carries the result). On
 * both, a call that stopped with `cancelled` is a cancelled task, and the status message says
 * how far the work is or how it ended.
 */
import type { CallToolResult } from '@modelcontextprotocol/server';
import type { TaskView } from '../../long-work/index.ts';

export type CallTaskView = TaskView<CallToolResult>;

type Status = 'working' | 'completed' | 'failed' | 'cancelled';

/** `_meta` key of the legacy line naming the task a message belongs to. */
export const RELATED_TASK = 'io.modelcontextprotocol/related-task';

/** The legacy line's Task. */
export function legacyTask(view: CallTaskView) {
  return {
    taskId: view.taskId,
    status: legacyStatus(view),
    statusMessage: statusMessage(view),
    createdAt: view.createdAt,
    lastUpdatedAt: view.lastUpdatedAt,
    ttl: view.ttlMs,
    pollInterval: view.pollIntervalMs,
  };
}

/** The 2026-07-28 line's DetailedTask (tasks/get): the result or error inlined once it ended. */
export function modernTask(view: CallTaskView) {
  const status = modernStatus(view);
  const { outcome } = view;
  return {
    taskId: view.taskId,
    status,
    statusMessage: statusMessage(view),
    createdAt: view.createdAt,
    lastUpdatedAt: view.lastUpdatedAt,
    ttlMs: view.ttlMs,
    pollIntervalMs: view.pollIntervalMs,
    ...(status === 'completed' && outcome?.kind === 'answer' && { result: outcome.result }),
    ...(outcome?.kind === 'error' && { error: outcome.error }),
  };
}

/** What a task-augmented call answers on the legacy line: the task, and a line for the model. */
export function legacyCreateTaskResult(view: CallTaskView): CallToolResult {
  const text = `${view.tool} runs as task ${view.taskId}: poll tasks/get for its progress, read its answer with tasks/result, or stop it with tasks/cancel (its changes are then put back).`;
  return {
    content: [{ type: 'text', text }],
    task: legacyTask(view),
    _meta: { 'io.modelcontextprotocol/model-immediate-response': text },
  };
}

/** What a call answers on the 2026-07-28 line when it goes on as a task (flat Result & Task). */
export function modernCreateTaskResult(view: CallTaskView): CallToolResult {
  const { result: _result, error: _error, ...task } = modernTask(view);
  return { resultType: 'task', ...task } as unknown as CallToolResult;
}

function legacyStatus(view: CallTaskView): Status {
  if (view.cancelRequested) return 'cancelled';
  const ended = endedAs(view);
  return ended === 'tool_error' ? 'failed' : ended;
}

function modernStatus(view: CallTaskView): Status {
  const ended = endedAs(view);
  return ended === 'tool_error' ? 'completed' : ended;
}

function endedAs(view: CallTaskView): Status | 'tool_error' {
  const { outcome } = view;
  if (outcome === null) return 'working';
  if (outcome.kind === 'error') return 'failed';
  const code = failureCode(outcome.result);
  if (code === 'cancelled') return 'cancelled';
  return code === null ? 'completed' : 'tool_error';
}

function statusMessage(view: CallTaskView): string {
  const { outcome } = view;
  if (outcome === null)
    return view.cancelRequested ? 'Cancelling: putting back what it changed.' : view.progress;
  if (outcome.kind === 'error') return outcome.error.message;
  const code = failureCode(outcome.result);
  if (code === 'cancelled') return 'Cancelled: whatever it had changed was put back.';
  if (view.cancelRequested)
    return 'It had ended before the cancellation reached it: its answer stands (list_changes shows what it changed).';
  return code === null ? 'Done.' : `Failed: ${code}.`;
}

function failureCode(result: CallToolResult): string | null {
  if (result.isError !== true) return null;
  const content = result.structuredContent as { code?: unknown } | undefined;
  return typeof content?.code === 'string' ? content.code : 'error';
}
