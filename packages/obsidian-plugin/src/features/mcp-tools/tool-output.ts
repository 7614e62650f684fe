/**
 * What a handler returns and how it becomes an MCP result. A handler returns a plain JSON object;
 * the result carries it as `structuredContent` and as the same compact JSON text, so clients
 * with and without structured output read the same thing. A handler that also returns media
 * (an image or audio file) wraps its object with `withContent`, and the blocks follow the text.
 * A handler whose results feed an MCP Apps view wraps its object with `withResultMeta`: the
 * view's data rides in the result's `_meta`, beside an unchanged text and structuredContent.
 * Failures are `{code, message, details?}` with `isError: true`, and never carry `_meta`
 * (host/thrown-failure.ts makes one of anything a handler threw).
 */
import type { ToolFailure } from '@mcp-connector/shared';
import type { CallToolResult, ContentBlock } from '@modelcontextprotocol/server';

export type ToolData = Record<string, unknown>;

/** A result with content blocks besides the JSON (native image or audio content), or `_meta`. */
export class RichOutput {
  constructor(
    readonly data: ToolData,
    readonly blocks: ContentBlock[],
    readonly meta: ToolData | null = null,
  ) {}
}

export type ToolOutput = ToolData | RichOutput;

export function withContent(data: ToolData, blocks: ContentBlock[]): RichOutput {
  return new RichOutput(data, blocks);
}

/** The result's JSON plus `_meta` for an MCP Apps view (its rows); success results only. */
export function withResultMeta(data: ToolData, meta: ToolData): RichOutput {
  return new RichOutput(data, [], meta);
}

export function successResult(output: ToolOutput): CallToolResult {
  const rich = output instanceof RichOutput ? output : new RichOutput(output, []);
  return {
    content: [{ type: 'text', text: JSON.stringify(rich.data) }, ...rich.blocks],
    structuredContent: rich.data,
    ...(rich.meta !== null && { _meta: rich.meta }),
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
