/**
 * Runs one tool call: validate the arguments against the tool's schema, run the handler, shape
 * the result. Nothing a handler throws escapes as a protocol error: a bad call is a result the
 * agent can read and correct. A write runs through the change journal (ctx.changes): its
 * idempotency key is answered first, its writes are recorded as one change through the host the
 * journal hands the handler, and a failed write is rolled back. The journal speaks in outcomes
 * (an answer, or a failure); the MCP result is shaped here.
 */
import type { CallToolResult } from '@modelcontextprotocol/server';
import { revisionOf } from '@mcp-connector/shared';
import { failureFromThrown } from '../../host/thrown-failure.ts';
import type { VaultHost } from '../../host/vault-host.ts';
import type { CallOutcome, ChangeAccess } from '../change-journal/index.ts';
import type { Tool } from './define-tool.ts';
import type { ToolContext } from './tool-context.ts';
import { failureResult, successResult } from './tool-output.ts';

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
      message: `${tool.name} is refused while folders are hidden from AI clients: its effects (Obsidian commands, Dataview queries, templates) could reach hidden notes. The user can unhide the folders in the Local MCP Server settings.`,
    });
  }
  const { idempotencyKey, ...args } = parsed.args as { idempotencyKey?: string };
  const run = async (
    host: VaultHost,
    changes: ChangeAccess | null,
  ): Promise<CallOutcome<CallToolResult>> => {
    try {
      return { ok: true, answer: successResult(await tool.run(args, { ...ctx, host, changes })) };
    } catch (thrown) {
      return { ok: false, failure: failureFromThrown(thrown) };
    }
  };
  if (ctx.changes === null || tool.journal === 'none' || tool.journal === 'surface')
    return resultOf(await run(ctx.host, ctx.changes));
  const call = {
    tool: tool.name,
    args,
    journaled: tool.journal === 'vault',
    keptAnswer,
    ...(idempotencyKey !== undefined && { idempotencyKey }),
  };
  try {
    return resultOf(await ctx.changes.runCall(call, run));
  } catch (thrown) {
    // The journal itself failed (a full disk as it recorded the call): still a tool error.
    return failureResult(failureFromThrown(thrown));
  }
}

/** Answers longer than this are kept by an idempotency key as their digest (ADR-0041). */
const KEPT_ANSWER_BYTES = 2048;

/**
 * What an idempotency key keeps of a call's result to answer a retry with: the result, or, when
 * it is long (a note's text), its digest and where to look, so keys stay small.
 */
export function keptAnswer(answer: unknown): unknown {
  const json = JSON.stringify(answer);
  if (json.length <= KEPT_ANSWER_BYTES) return answer;
  return successResult({
    replayed: true,
    answerBytes: json.length,
    /** The first 16 hex digits of the answer's sha-256, as a revision is of a note. */
    answerDigest: revisionOf(json),
    note: 'This idempotencyKey was used before and that call succeeded; its answer was too long to keep, so it is not repeated. list_changes and the read tools show what it did.',
  });
}

/** The MCP result of a call: its answer (a first call's, for a replayed key), or its failure. */
function resultOf(outcome: CallOutcome<CallToolResult>): CallToolResult {
  return outcome.ok ? outcome.answer : failureResult(outcome.failure);
}
