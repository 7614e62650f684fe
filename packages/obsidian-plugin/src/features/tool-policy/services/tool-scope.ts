/**
 * A token's view of the one global registry, decided in one place. Precedence, strongest first:
 * tools the user switched off (`userDisabled`) > a read-only token (only read-only tools) > the
 * token's allowlist (a ceiling) > its profile plus promotions and activations > the meta-tools,
 * which are always listed. A tool the token can reach but has not activated is "inactive": it is
 * not listed, and calling it gets a recoverable error naming activate_tool, never "unknown tool".
 */
import { ToolError, type TokenPolicy } from '@mcp-connector/shared';
import type { Tool } from '../../mcp-tools/index.ts';
import { CORE_TOOLS } from './core-tools.ts';

export type Profile = TokenPolicy['profile'];

export interface VaultPolicy {
  /** Tools the user switched off, for every token. */
  userDisabled: readonly string[];
  /** Tools promoted by adaptive use (PROMOTION_THRESHOLD calls), for every adaptive token. */
  promoted: readonly string[];
}

export type ToolStatus = 'active' | 'inactive' | 'promoted';

export type CallCheck =
  | { kind: 'allowed'; tool: Tool }
  | { kind: 'inactive'; tool: Tool }
  | { kind: 'unreachable'; reason: string }
  | { kind: 'unknown' };

export interface ToolScope {
  /** Tools this token may reach at all, with their status. */
  reachable: readonly { tool: Tool; status: ToolStatus }[];
  /** What tools/list shows: the meta-tools and every active tool. */
  listed: readonly Tool[];
  check(name: string): CallCheck;
  /**
   * The same decision for one write a call makes through another tool's code: an operation of
   * edit_vault_files, a write of an undo or redo (ADR-0041). Throws `tool_not_allowed` when the
   * token could not call `name` itself; activation is about listing, not permission, and is not
   * required.
   */
  permit: (name: string) => void;
  isMetaTool(name: string): boolean;
}

export type { TokenPolicy };

export interface ScopeInput {
  tools: readonly Tool[];
  metaTools: readonly Tool[];
  token: TokenPolicy;
  vault: VaultPolicy;
  /** Activated for this token without persisting (kept in memory until restart). */
  activated: ReadonlySet<string>;
}

export function resolveScope(input: ScopeInput): ToolScope {
  const { token, vault, activated } = input;
  const disabled = new Set(vault.userDisabled);
  const allowlist = token.allowlist === null ? null : new Set(token.allowlist);
  const pinned = new Set(token.promoted);
  const earned = new Set(token.profile === 'adaptive' ? vault.promoted : []);
  const core = new Set(CORE_TOOLS);
  const metaNames = new Set(input.metaTools.map((tool) => tool.name));

  const refusal = (tool: Tool): string | null => {
    if (disabled.has(tool.name)) return 'the user switched it off in the Local MCP Server settings';
    if (token.readOnly && !tool.annotations.readOnlyHint) return "this client's token is read-only";
    if (allowlist !== null && !allowlist.has(tool.name))
      return "it is not on this client's allowlist";
    return null;
  };
  const statusOf = (tool: Tool): ToolStatus => {
    if (pinned.has(tool.name) || earned.has(tool.name)) return 'promoted';
    if (token.profile === 'all' || core.has(tool.name) || activated.has(tool.name)) return 'active';
    return 'inactive';
  };

  const reachable = input.tools
    .filter((tool) => refusal(tool) === null)
    .map((tool) => ({ tool, status: statusOf(tool) }));
  const byName = new Map(input.tools.map((tool) => [tool.name, tool]));
  const reachableStatus = new Map(reachable.map((entry) => [entry.tool.name, entry.status]));
  return {
    reachable,
    listed: [
      ...input.metaTools,
      ...reachable.filter((entry) => entry.status !== 'inactive').map((entry) => entry.tool),
    ],
    isMetaTool: (name) => metaNames.has(name),
    check(name) {
      const meta = input.metaTools.find((tool) => tool.name === name);
      if (meta !== undefined) return { kind: 'allowed', tool: meta };
      const tool = byName.get(name);
      if (tool === undefined) return { kind: 'unknown' };
      const status = reachableStatus.get(name);
      if (status === undefined)
        return { kind: 'unreachable', reason: refusal(tool) ?? 'not available' };
      return status === 'inactive' ? { kind: 'inactive', tool } : { kind: 'allowed', tool };
    },
    permit(name) {
      const tool = byName.get(name);
      const reason = tool === undefined ? 'it is not a tool of this server' : refusal(tool);
      if (reason !== null) throw toolNotAllowed(name, reason);
    },
  };
}

/** The refusal of a tool outside the caller's scope, said the same way wherever it is decided. */
export function toolNotAllowed(name: string, reason: string): ToolError {
  return new ToolError('tool_not_allowed', `${name} is not available to this client: ${reason}.`, {
    tool: name,
  });
}
