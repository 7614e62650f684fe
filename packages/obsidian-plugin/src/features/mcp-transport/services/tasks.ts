/**
 * The task methods of one request's server (ADR-0036), over the connector's task store and only
 * for the caller's token: another token's task is not found, exactly like an unknown one.
 * Legacy line (2025-11-25): tasks/get, tasks/result (waits for the end; the call's own answer),
 * tasks/list and tasks/cancel (the task is cancelled at once; its run stops and puts back what
 * it wrote). 2026-07-28 line (the io.modelcontextprotocol/tasks extension): tasks/get (with the
 * result inlined once it ended), tasks/update and tasks/cancel (an empty acknowledgement; the
 * task reads `cancelled` once its run has stopped), each refused with -32021 to a request that
 * does not name the extension; tasks/result and tasks/list do not exist there (the SDK answers
 * "method not found"). The handlers take explicit schemas: the SDK ships no task runtime.
 */
import {
  MissingRequiredClientCapabilityError,
  ProtocolError,
  ProtocolErrorCode,
  type Server,
  type ServerContext,
} from '@modelcontextprotocol/server';
import { type } from 'arktype';
import type { McpSurface } from './mcp-server.ts';
import { TASKS_EXTENSION, takesTasks } from './task-calls.ts';
import { RELATED_TASK, legacyTask, modernTask, type CallTaskView } from './task-wire.ts';

/** What the server says it supports, on each line. */
export function tasksCapability(era: 'legacy' | 'modern') {
  return era === 'legacy'
    ? { tasks: { list: {}, cancel: {}, requests: { tools: { call: {} } } } }
    : { extensions: { [TASKS_EXTENSION]: {} } };
}

// Built once: a server is made per request, and building an ArkType type costs far more than
// using one (it was half of a get_server_info's CPU on the 2026-07-28 line).
const TASK_PARAMS = type({ taskId: 'string' });
const TASKS_LIST_PARAMS = type({ 'cursor?': 'string' });
const TASKS_UPDATE_PARAMS = type({ taskId: 'string', inputResponses: 'object' });

export function registerTaskHandlers(
  server: Server,
  surface: McpSurface,
  tokenId: string,
  era: 'legacy' | 'modern',
): void {
  const { tasks } = surface;
  const find = (view: CallTaskView | null): CallTaskView => {
    if (view === null)
      throw new ProtocolError(
        ProtocolErrorCode.InvalidParams,
        "Failed to retrieve task: task not found (it ended more than its time to live ago, the server restarted, or it is not this token's); call the tool again.",
      );
    return view;
  };
  if (era === 'legacy') {
    server.setRequestHandler('tasks/get', { params: TASK_PARAMS }, ({ taskId }) =>
      legacyTask(find(tasks.get(tokenId, taskId))),
    );
    server.setRequestHandler('tasks/result', { params: TASK_PARAMS }, async ({ taskId }) =>
      legacyResult(find(await tasks.settled(tokenId, taskId))),
    );
    server.setRequestHandler('tasks/list', { params: TASKS_LIST_PARAMS }, ({ cursor }) => {
      if (cursor !== undefined)
        throw new ProtocolError(
          ProtocolErrorCode.InvalidParams,
          'Invalid cursor: tasks/list answers in one page.',
        );
      return { tasks: tasks.list(tokenId).map(legacyTask) };
    });
    server.setRequestHandler('tasks/cancel', { params: TASK_PARAMS }, ({ taskId }) => {
      const before = find(tasks.get(tokenId, taskId));
      if (before.outcome !== null || before.cancelRequested)
        throw new ProtocolError(
          ProtocolErrorCode.InvalidParams,
          `Task ${taskId} has already ended (${legacyTask(before).status}); there is nothing to cancel.`,
        );
      return legacyTask(find(tasks.cancel(tokenId, taskId)));
    });
    return;
  }
  server.setRequestHandler('tasks/get', { params: TASK_PARAMS }, ({ taskId }, ctx) => {
    requireExtension(ctx);
    return modernTask(find(tasks.get(tokenId, taskId)));
  });
  server.setRequestHandler('tasks/update', { params: TASKS_UPDATE_PARAMS }, ({ taskId }, ctx) => {
    requireExtension(ctx);
    find(tasks.get(tokenId, taskId)); // no task of ours ever waits for input: nothing to take
    return {};
  });
  server.setRequestHandler('tasks/cancel', { params: TASK_PARAMS }, ({ taskId }, ctx) => {
    requireExtension(ctx);
    find(tasks.cancel(tokenId, taskId));
    return {};
  });
}

function legacyResult(view: CallTaskView) {
  const { outcome } = view;
  if (outcome === null)
    throw new ProtocolError(ProtocolErrorCode.InternalError, 'The task has not ended.');
  if (outcome.kind === 'error') throw new ProtocolError(outcome.error.code, outcome.error.message);
  const { result } = outcome;
  return { ...result, _meta: { ...result._meta, [RELATED_TASK]: { taskId: view.taskId } } };
}

function requireExtension(ctx: ServerContext): void {
  if (!takesTasks(ctx))
    throw new MissingRequiredClientCapabilityError({
      requiredCapabilities: { extensions: { [TASKS_EXTENSION]: {} } },
    });
}
