/**
 * What a handler returns and how it becomes an MCP result. A handler returns a plain JSON object;
 * the result carries it as `structuredContent` and as the same compact JSON text, so clients
 * with and without structured output read the same thing. A handler that also returns media
 * (an image or audio file) wraps its object with `withContent`, and the blocks follow the text.
 * A handler whose results feed an MCP Apps view wraps its object with `withResultMeta`: the
 * view's data rides in the result's `_meta`, beside an unchanged text and structuredContent.
 * Failures are `{code, message, details?}` with `isError: true`, and never carry `_meta`.
 */
import { ToolError, type ToolFailure } from '@mcp-connector/shared';
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

/**
 * Turns anything a handler threw into a failure. A file-system error becomes the code that fits
 * it, worded without its path (Node puts the absolute path of the machine in the message);
 * anything else unexpected is `internal_error`, with every absolute path in its message removed.
 */
export function failureFromThrown(thrown: unknown): ToolFailure {
  if (thrown instanceof ToolError) return thrown.toFailure();
  const errno = systemErrorCode(thrown);
  if (errno !== null) return SYSTEM_FAILURES[errno] ?? unexpectedSystemError(errno);
  const message = thrown instanceof Error ? thrown.message : String(thrown);
  return { code: 'internal_error', message: `Unexpected error: ${withoutPaths(message)}` };
}

const SYSTEM_FAILURES: Record<string, ToolFailure> = {
  ENOENT: {
    code: 'not_found',
    message:
      'The file or folder is no longer where the vault index had it (another program changed the folder); list the folder again.',
  },
  ENOTDIR: {
    code: 'not_found',
    message:
      'A folder on the way to this path is now a file on disk (another program changed it); list the folder again.',
  },
  EISDIR: { code: 'not_a_file', message: 'This path is a folder on disk, not a file.' },
  EEXIST: {
    code: 'already_exists',
    message:
      'Something with this name already exists on disk; list the folder and choose another name.',
  },
  ENAMETOOLONG: {
    code: 'invalid_path',
    message:
      'The path is longer than the file system allows (255 bytes per name); use a shorter name.',
  },
  EACCES: {
    code: 'internal_error',
    message:
      'The operating system refused access to this file (permissions); the user can fix them.',
  },
  EPERM: {
    code: 'internal_error',
    message: 'The operating system refused this operation (permissions); the user can fix them.',
  },
  ENOSPC: { code: 'internal_error', message: 'The disk is full; nothing was written.' },
};

function unexpectedSystemError(errno: string): ToolFailure {
  return { code: 'internal_error', message: `Unexpected file system error (${errno}).` };
}

function systemErrorCode(thrown: unknown): string | null {
  const code = (thrown as { code?: unknown } | null)?.code;
  return thrown instanceof Error && typeof code === 'string' && /^E[A-Z]+$/.test(code)
    ? code
    : null;
}

/** The message with anything that looks like an absolute path of the machine replaced. */
export function withoutPaths(message: string): string {
  return message.replace(/(?:[A-Za-z]:)?(?:[\\/][^\s'"`:;,()\\/]+){2,}[\\/]?/g, '<path>');
}
