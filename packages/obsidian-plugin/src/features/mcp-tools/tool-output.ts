/**
 * What a handler returns and how it becomes an MCP result. A handler returns a plain JSON object;
 * the result carries it as `structuredContent` and as the same compact JSON text, so clients
 * with and without structured output read the same thing. A handler that also returns media
 * (an image or audio file) wraps its object with `withContent`, and the blocks follow the text.
 * Failures are `{code, message, details?}` with `isError: true`.
 */
import { ToolError, type ToolFailure } from '@mcp-connector/shared';
import type { CallToolResult, ContentBlock } from '@modelcontextprotocol/server';

export type ToolData = Record<string, unknown>;

/** A result with content blocks besides the JSON (native image or audio content). */
export class RichOutput {
  constructor(
    readonly data: ToolData,
    readonly blocks: ContentBlock[],
  ) {}
}

export type ToolOutput = ToolData | RichOutput;

export function withContent(data: ToolData, blocks: ContentBlock[]): RichOutput {
  return new RichOutput(data, blocks);
}

export function successResult(output: ToolOutput): CallToolResult {
  const data = output instanceof RichOutput ? output.data : output;
  const blocks = output instanceof RichOutput ? output.blocks : [];
  return {
    content: [{ type: 'text', text: JSON.stringify(data) }, ...blocks],
    structuredContent: data,
  };
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
