/**
 * Long calls as MCP tasks (ADR-0036), on both protocol lines. A tool marked `long` runs as a
 * task when the client wants one: on the legacy line when the call carries `task` (2025-11-25:
 * the answer is the task at once); on the 2026-07-28 line when the request's capabilities name
 * the io.modelcontextprotocol/tasks extension and the call has not ended within TASK_AFTER_MS
 * (SEP-2663: the server decides, so a quick call still answers plainly). The task then runs on
 * without its request, in the connector's task store, where any later request of the same token
 * finds it; tasks.ts answers tasks/get, tasks/result, tasks/list, tasks/update and tasks/cancel.
 */
import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server';
import type { CallToolRequest, CallToolResult, ServerContext } from '@modelcontextprotocol/server';
import { clearTimeout, setTimeout } from 'node:timers';
import { MAX_TASKS_PER_TOKEN } from '../../long-work/index.ts';
import type { McpSurface } from './mcp-server.ts';
import {
  allowedCall,
  attachToRequest,
  beginCall,
  handleCall,
  type AllowedCall,
} from './tool-call.ts';
import { legacyCreateTaskResult, modernCreateTaskResult } from './task-wire.ts';

/** On the 2026-07-28 line, a call still running after this long goes on as a task. */
export const TASK_AFTER_MS = 50;
/** The extension a 2026-07-28 request names in its capabilities to take tasks. */
export const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';

/** `tools/call` on either line: plainly, or as a task when the client wants one. */
export async function callOnLine(
  surface: McpSurface,
  tokenId: string,
  era: 'legacy' | 'modern',
  call: CallToolRequest,
  ctx: ServerContext,
): Promise<CallToolResult> {
  const allowed = allowedCall(surface, tokenId, call, ctx);
  const taskAsked = era === 'legacy' ? taskParams(call) : null;
  if ('refused' in allowed) return allowed.refused;
  if (taskAsked !== null) return legacyTaskCall(surface, tokenId, allowed, taskAsked.ttl);
  if (era === 'modern' && allowed.tool.long && takesTasks(ctx))
    return modernCall(surface, tokenId, allowed, ctx);
  return handleCall(surface, tokenId, allowed, ctx);
}

/** Whether a 2026-07-28 request's capabilities name the tasks extension. */
export function takesTasks(ctx: ServerContext): boolean {
  const envelope = ctx.mcpReq.envelope as Record<string, unknown> | undefined;
  const capabilities = envelope?.['io.modelcontextprotocol/clientCapabilities'] as
    { extensions?: Record<string, unknown> } | undefined;
  return capabilities?.extensions?.[TASKS_EXTENSION] !== undefined;
}

/** The legacy line's `task` of a task-augmented call, or null for a plain call. */
function taskParams(call: CallToolRequest): { ttl?: number } | null {
  const task = (call.params as { task?: unknown }).task;
  if (typeof task !== 'object' || task === null) return null;
  const ttl = (task as { ttl?: unknown }).ttl;
  return typeof ttl === 'number' ? { ttl } : {};
}

/** The legacy line: the task at once, or a protocol error saying why there is none. */
function legacyTaskCall(
  surface: McpSurface,
  tokenId: string,
  allowed: AllowedCall,
  ttl: number | undefined,
): CallToolResult {
  const name = allowed.tool.name;
  if (!allowed.tool.long)
    throw new ProtocolError(
      ProtocolErrorCode.MethodNotFound,
      `${name} does not run as a task (its tools/list entry has no execution.taskSupport); call it without "task".`,
    );
  if (!surface.tasks.hasRoomFor(tokenId)) throw tooManyTasks();
  const { operation, run } = beginCall(surface, tokenId, allowed, { afterAnswer: true });
  const task = surface.tasks.create(tokenId, operation, run, ttl);
  if (task === null) throw tooManyTasks();
  return legacyCreateTaskResult(task);
}

/**
 * The 2026-07-28 line: the call starts as a request's call would; once it has run
 * TASK_AFTER_MS it leaves its request (no more progress notifications, no stop when the request
 * closes) and goes on as a task. A token with no room for a task waits for its answer instead.
 */
async function modernCall(
  surface: McpSurface,
  tokenId: string,
  allowed: AllowedCall,
  ctx: ServerContext,
): Promise<CallToolResult> {
  const { operation, run } = beginCall(surface, tokenId, allowed, { requestId: ctx.mcpReq.id });
  const detach = attachToRequest(operation, ctx);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<null>(
    (resolve) => (timer = setTimeout(() => resolve(null), TASK_AFTER_MS)),
  );
  try {
    const quick = await Promise.race([run.then((result) => ({ result })), late]);
    if (quick !== null) return quick.result;
    if (!surface.tasks.hasRoomFor(tokenId)) return await run;
    detach();
    surface.operations.forgetRequest(operation);
    const task = surface.tasks.create(tokenId, operation, run);
    return task === null ? await run : modernCreateTaskResult(task);
  } finally {
    clearTimeout(timer);
    detach();
  }
}

function tooManyTasks(): ProtocolError {
  return new ProtocolError(
    ProtocolErrorCode.InvalidRequest,
    `This token already has ${MAX_TASKS_PER_TOKEN} tasks running: wait for one to end (tasks/get) or stop one (tasks/cancel), then call again, or call without "task".`,
  );
}
