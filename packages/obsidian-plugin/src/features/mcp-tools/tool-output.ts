/**
 * What a handler returns and how it becomes an MCP result. A handler returns a plain JSON object;
 * the result carries it as `structuredContent` and as the same compact JSON text, so clients
 * with and without structured output read the same thing. Failures are `{code, message,
 * details?}` with `isError: true`.
 */
import { ToolError, type ToolFailure } from '@mcp-connector/shared';
import type { CallToolResult } from '@modelcontextprotocol/server';

export type ToolOutput = Record<string, unknown>;

export function successResult(output: ToolOutput): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(output) }], structuredContent: output };
}

export function failureResult(failure: ToolFailure): CallToolResult {
  const structured = { ...failure } as Record<string, unknown>;
  return {
    content: [{ type: 'text', text: JSON.stringify(structured) }],
    structuredContent: structured,
    isError: true,
  };
}

/** Turns anything a handler threw into a failure; unexpected errors become `internal_error`. */
export function failureFromThrown(thrown: unknown): ToolFailure {
  if (thrown instanceof ToolError) return thrown.toFailure();
  const message = thrown instanceof Error ? thrown.message : String(thrown);
  return { code: 'internal_error', message: `Unexpected error: ${message}` };
}
