/**
 * The results for a call the caller's scope does not allow. An inactive tool gets a recoverable
 * error naming the activation path (never "unknown tool"); a tool outside the token's reach says
 * why, so the agent stops trying and the user knows which setting to change.
 */
import type { CallToolResult } from '@modelcontextprotocol/server';
import { failureResult } from '../../mcp-tools/index.ts';
import { toolNotAllowed, type CallCheck } from '../../tool-policy/index.ts';

export function failureFor(
  name: string,
  check: Exclude<CallCheck, { kind: 'allowed' | 'unknown' }>,
): CallToolResult {
  if (check.kind === 'inactive') {
    return failureResult({
      code: 'tool_inactive',
      message: `${name} is available but not active for this client. Call activate_tool with {"name": "${name}"}, then call ${name} again.`,
      details: { tool: name },
    });
  }
  const { code, message, details } = toolNotAllowed(name, check.reason);
  return failureResult({ code, message, ...(details !== undefined && { details }) });
}
