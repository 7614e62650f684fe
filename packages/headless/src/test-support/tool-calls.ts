/**
 * Calling tools in end-to-end tests: `callOk` returns the structured result of a call that must
 * succeed (failing the test with the tool's own message otherwise), `callFail` the
 * `{code, message, details}` of a call that must fail.
 */
import type { Client } from '@modelcontextprotocol/client';

export interface ToolFailure {
  code: string;
  message: string;
  details?: Record<string, unknown>;
}

export async function callOk(
  client: Client,
  name: string,
  args: Record<string, unknown> = {},
): Promise<Record<string, unknown>> {
  const result = await client.callTool({ name, arguments: args });
  if (result.isError)
    throw new Error(
      `${name} failed: ${JSON.stringify(result.structuredContent ?? result.content)}`,
    );
  return result.structuredContent as Record<string, unknown>;
}

export async function callFail(
  client: Client,
  name: string,
  args: Record<string, unknown> = {},
): Promise<ToolFailure> {
  const result = await client.callTool({ name, arguments: args });
  if (!result.isError)
    throw new Error(
      `${name} succeeded but should have failed: ${JSON.stringify(result.structuredContent)}`,
    );
  return result.structuredContent as ToolFailure;
}
