/**
 * Running one tool in a unit test, through the same path a request takes (argument validation,
 * handler, result shaping): `runOk` returns the structured result of a call that must succeed,
 * `runFail` the `{code, message, details}` of a call that must fail.
 */
import { ALWAYS_INDEXED } from '../../../host/index-status.ts';
import type { ToolFailure } from '@mcp-connector/shared';
import { ANY_TOOL } from '../../change-journal/index.ts';
import type { CallToolResult } from '@modelcontextprotocol/server';
import type { VaultHost } from '../../../host/vault-host.ts';
import { callTool } from '../call-tool.ts';
import type { Tool } from '../define-tool.ts';
import { allTools } from '../registry.ts';
import type { CommandGate, ToolContext, ToolPolicyAccess, ToolServices } from '../tool-context.ts';

/** Denies every command: tests that need another gate pass their own. */
export const DENY_ALL_COMMANDS: CommandGate = {
  decide: async () => ({ allowed: false, reason: 'commands are off in this test' }),
};

/** A policy with nothing to activate: tests of the meta-tools build their own. */
export const NO_TOOL_POLICY: ToolPolicyAccess = {
  catalog: () => [],
  activate: async () => ({ activated: [], alreadyActive: [], refused: [], persisted: false }),
};

/** The registered tool of that name, for tests outside mcp-tools that run one through runTool. */
export function registeredTool(name: string): Tool {
  const tool = allTools.find((candidate) => candidate.name === name);
  if (tool === undefined) throw new Error(`No tool named ${name} in the registry.`);
  return tool;
}

export function contextFor(
  host: VaultHost,
  services: Partial<ToolServices> = {},
  overrides: Partial<
    Pick<ToolContext, 'hiddenFoldersActive' | 'progress' | 'signal' | 'changes' | 'permit'>
  > = {},
): ToolContext {
  return {
    services: {
      commandGate: DENY_ALL_COMMANDS,
      toolPolicy: NO_TOOL_POLICY,
      semanticSearch: null,
      ...services,
    },
    hiddenFoldersActive: false,
    progress: { report: () => undefined },
    signal: new AbortController().signal,
    changes: null,
    permit: ANY_TOOL,
    ...overrides,
    host,
    server: {
      name: 'local-mcp-server',
      version: 'test',
      hostKind: host.kind,
      protocolRevisions: ['2026-07-28', '2025-11-25'],
    },
    visibleToolCount: 1,
    taskTools: [],
    indexStatus: ALWAYS_INDEXED.status(),
  };
}

export async function runTool(
  tool: Tool,
  host: VaultHost,
  args: Record<string, unknown> = {},
  services: Partial<ToolServices> = {},
): Promise<CallToolResult> {
  return callTool(tool, args, contextFor(host, services));
}

export async function runOk(
  tool: Tool,
  host: VaultHost,
  args: Record<string, unknown> = {},
  services: Partial<ToolServices> = {},
): Promise<Record<string, unknown>> {
  const result = await runTool(tool, host, args, services);
  if (result.isError)
    throw new Error(`${tool.name} failed: ${JSON.stringify(result.structuredContent)}`);
  return result.structuredContent as Record<string, unknown>;
}

export async function runFail(
  tool: Tool,
  host: VaultHost,
  args: Record<string, unknown> = {},
  services: Partial<ToolServices> = {},
): Promise<ToolFailure> {
  const result = await runTool(tool, host, args, services);
  if (!result.isError)
    throw new Error(
      `${tool.name} succeeded but should have failed: ${JSON.stringify(result.structuredContent)}`,
    );
  return result.structuredContent as ToolFailure;
}
