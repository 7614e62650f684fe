/**
 * Runs one tool call: validate the arguments against the tool's schema, run the handler, shape
 * the result. Nothing a handler throws escapes as a protocol error: a bad call is a result the
 * agent can read and correct. A write runs through the change journal (ctx.changes): its
 * idempotency key is answered first, its writes are recorded as one change through the host the
 * journal hands the handler, and a failed write is rolled back.
 */
import type { CallToolResult } from '@modelcontextprotocol/server';
import type { VaultHost } from '../../host/vault-host.ts';
import type { ChangeAccess } from '../change-journal/index.ts';
import type { Tool } from './define-tool.ts';
import type { ToolContext } from './tool-context.ts';
import { failureFromThrown, failureResult, successResult } from './tool-output.ts';

export async function callTool(
  tool: Tool,
  rawArgs: unknown,
  ctx: ToolContext,
): Promise<CallToolResult> {
  const parsed = tool.parse(rawArgs);
  if (!parsed.ok) {
    const summary = parsed.problems.map((problem) => problem.message).join('; ');
    return failureResult({
      code: 'invalid_arguments',
      message: `Invalid arguments for ${tool.name}: ${summary}.`,
      details: { problems: parsed.problems },
    });
  }
  if (ctx.hiddenFoldersActive && tool.isUnfilterable(parsed.args)) {
    return failureResult({
      code: 'hidden_folders_active',
      message: `${tool.name} is refused while folders are hidden from AI clients: its effects (Obsidian commands, Dataview queries, templates) could reach hidden notes. The user can unhide the folders in the MCP Connector settings.`,
    });
  }
  const { idempotencyKey, ...args } = parsed.args as { idempotencyKey?: string };
  const run = async (host: VaultHost, changes: ChangeAccess | null) => {
    try {
      return successResult(await tool.run(args, { ...ctx, host, changes }));
    } catch (thrown) {
      return failureResult(failureFromThrown(thrown));
    }
  };
  if (ctx.changes === null || tool.journal === 'none' || tool.journal === 'surface')
    return run(ctx.host, ctx.changes);
  const call = {
    tool: tool.name,
    args,
    journaled: tool.journal === 'vault',
    ...(idempotencyKey !== undefined && { idempotencyKey }),
  };
  return ctx.changes.runCall(call, run);
}
