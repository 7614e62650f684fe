/**
 * `tools/call` of one request: the caller's scope decides (unknown tool: a protocol error; not
 * allowed: a result saying why), then the call runs as an operation of the connector's one list
 * (features/long-work): it waits for the index if it needs it, runs, and ends. The request
 * waits for it, or it goes on as a task (task-calls.ts). While it runs,
 * its throttled progress goes out as notifications/progress when the request carried a
 * progressToken, and it is stopped when the request is cancelled: the SDK's signal (the
 * request closed, or notifications/cancelled on the connection) or a notifications/cancelled
 * that another POST brought (the legacy HTTP line is stateless, ADR-0036).
 */
import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server';
import type { CallToolRequest, CallToolResult, ServerContext } from '@modelcontextprotocol/server';
import { increasingProgress, type Operation } from '../../long-work/index.ts';
import { callTool, failureResult, type Tool, type ToolContext } from '../../mcp-tools/index.ts';
import type { RequestPolicy } from '../../tool-policy/index.ts';
import { failureFor } from './call-refusals.ts';
import { awaitIndex, indexFailure } from './index-gate.ts';
import type { McpSurface } from './mcp-server.ts';

/** A call the caller's scope allows, ready to run. */
export interface AllowedCall {
  tool: Tool;
  args: unknown;
  policy: RequestPolicy;
}

/** The tool the caller may call, or the result that refuses it. */
export function allowedCall(
  surface: McpSurface,
  tokenId: string,
  call: CallToolRequest,
  ctx: ServerContext,
): AllowedCall | { refused: CallToolResult } {
  const name = call.params.name;
  const policy = surface.policyFor(tokenId, () =>
    ctx.mcpReq.notify({ method: 'notifications/tools/list_changed' }),
  );
  const check = policy.scope.check(name);
  if (check.kind === 'unknown')
    throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown tool: ${name}`);
  if (check.kind !== 'allowed') return { refused: failureFor(name, check) };
  return { tool: check.tool, args: call.params.arguments, policy };
}

/** A call the request waits for: it answers when the call ends. */
export async function handleCall(
  surface: McpSurface,
  tokenId: string,
  allowed: AllowedCall,
  ctx: ServerContext,
): Promise<CallToolResult> {
  const { operation, run } = beginCall(surface, tokenId, allowed, { requestId: ctx.mcpReq.id });
  const detach = attachToRequest(operation, ctx);
  try {
    return await run;
  } finally {
    detach();
  }
}

/**
 * Starts the call as an operation; it leaves the list when its run has ended. A call whose
 * answer goes out first (a task's) runs from the next turn of the event loop, so that its
 * first stretch of work does not hold the answer back.
 */
export function beginCall(
  surface: McpSurface,
  tokenId: string,
  allowed: AllowedCall,
  start: { requestId?: string | number; afterAnswer?: boolean } = {},
): { operation: Operation; run: Promise<CallToolResult> } {
  const operation = surface.operations.start({
    tool: allowed.tool.name,
    tokenId,
    writes: !allowed.tool.annotations.readOnlyHint,
    ...(start.requestId !== undefined && { requestId: start.requestId }),
  });
  const turn = start.afterAnswer === true ? new Promise(setImmediate) : Promise.resolve();
  const run = turn
    .then(() => runCall(surface, tokenId, allowed, operation))
    .finally(() => surface.operations.end(operation));
  return { operation, run };
}

/**
 * The request's part in a call: its progress notifications, and its stop (the SDK aborts the
 * request's signal when the request closes or, on a connection, is cancelled). Returns the
 * detach: a call that goes on as a task leaves its request behind.
 */
export function attachToRequest(operation: Operation, ctx: ServerContext): () => void {
  const progressToken = ctx.mcpReq._meta?.progressToken;
  const increasing = increasingProgress();
  const unfollow =
    progressToken === undefined
      ? () => undefined
      : operation.follow((reported) => {
          const progress = increasing(reported);
          if (progress === null) return;
          void ctx.mcpReq
            .notify({
              method: 'notifications/progress',
              params: {
                progressToken,
                progress: progress.done,
                ...(progress.total !== null && { total: progress.total }),
                ...(progress.message !== '' && { message: progress.message }),
              },
            })
            .catch(() => undefined); // the caller may be gone
        });
  const requestSignal = ctx.mcpReq.signal;
  const stop = () => operation.stop('client');
  if (requestSignal.aborted) stop();
  else requestSignal.addEventListener('abort', stop, { once: true });
  return () => {
    unfollow();
    requestSignal.removeEventListener('abort', stop);
  };
}

/** The call itself: the index gate, then the tool through the journal, then the policy's turn. */
async function runCall(
  surface: McpSurface,
  tokenId: string,
  { tool, args, policy }: AllowedCall,
  operation: Operation,
): Promise<CallToolResult> {
  const context = toolContext(surface, tokenId, policy, operation);
  if (!tool.indexFree) {
    const building = await awaitIndex(surface.indexing, surface.indexWaitMs, (status) =>
      operation.report(status.done, status.total ?? undefined, 'Waiting for the vault index'),
    );
    if (building !== null) return failureResult(indexFailure(building));
  }
  const result = await callTool(tool, args, context);
  if (result.isError !== true) await policy.afterCall(tool.name);
  return result;
}

function toolContext(
  surface: McpSurface,
  tokenId: string,
  policy: RequestPolicy,
  operation: Operation,
): ToolContext {
  return {
    host: surface.host,
    server: surface.facts,
    visibleToolCount: policy.scope.listed.length,
    taskTools: policy.scope.listed.filter((tool) => tool.long).map((tool) => tool.name),
    indexStatus: surface.indexing.status(),
    services: {
      commandGate: surface.commandGate,
      toolPolicy: policy.access,
      semanticSearch: surface.semanticSearch,
    },
    hiddenFoldersActive: surface.hiddenFoldersActive(),
    changes: surface.changesFor(tokenId, policy.scope.permit),
    permit: policy.scope.permit,
    signal: operation.signal,
    progress: operation,
  };
}
