/**
 * The `tools/list` entry of a tool. Computed once per tool, because every client pays for these
 * bytes on every session and every request would otherwise rebuild them. Three lossless savings:
 * a read-only tool omits destructiveHint and idempotentHint (the MCP spec gives them meaning only
 * when readOnlyHint is false), an `anyOf` of plain types becomes one `type` array, and
 * `additionalProperties: {}` (anything, JSON Schema's default) is left out.
 * A tool with an MCP Apps view lists it as `_meta.ui.resourceUri` only: the spec's deprecated
 * flat `ui/resourceUri` key would cost every session more bytes, and hosts must read the modern
 * key anyway.
 */
import type { Tool as ListedTool } from '@modelcontextprotocol/server';
import type { Tool, ToolHints } from './define-tool.ts';

const listings = new WeakMap<Tool, ListedTool>();

export function toolListing(tool: Tool): ListedTool {
  let listing = listings.get(tool);
  if (listing === undefined) {
    listing = {
      name: tool.name,
      title: tool.title,
      description: tool.description,
      inputSchema: compactSchema(tool.inputJsonSchema) as ListedTool['inputSchema'],
      annotations: listedHints(tool.annotations),
      // The legacy line's task support; the 2026-07-28 codec leaves `execution` out (ADR-0036).
      ...(tool.long && { execution: { taskSupport: 'optional' as const } }),
      ...(tool.ui !== undefined && { _meta: { ui: { resourceUri: tool.ui.resourceUri } } }),
    };
    listings.set(tool, listing);
  }
  return listing;
}

/**
 * A read-only tool: readOnlyHint and openWorldHint. A write: destructiveHint and openWorldHint
 * always, and readOnlyHint or idempotentHint only when true: both are false by the MCP spec's
 * default, and any client, whether it applies the default or tests for true, reads an absent one
 * exactly as a stated false (ADR-0015).
 */
function listedHints(hints: ToolHints): Partial<ToolHints> {
  if (hints.readOnlyHint) return { readOnlyHint: true, openWorldHint: hints.openWorldHint };
  return {
    destructiveHint: hints.destructiveHint,
    ...(hints.idempotentHint && { idempotentHint: true }),
    openWorldHint: hints.openWorldHint,
  };
}

/** Merges the plain-type members of every `anyOf` into one `type` array (same meaning, fewer bytes). */
export function compactSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(compactSchema);
  if (schema === null || typeof schema !== 'object') return schema;
  const entries = Object.entries(schema as Record<string, unknown>).map(
    ([key, value]) => [key, compactSchema(value)] as const,
  );
  const compacted = Object.fromEntries(
    entries.filter(([key, value]) => !(key === 'additionalProperties' && isEmptySchema(value))),
  ) as Record<string, unknown>;
  if (Array.isArray(compacted.anyOf)) return mergePlainTypes(compacted);
  return compacted;
}

function isEmptySchema(value: unknown): boolean {
  return typeof value === 'object' && value !== null && Object.keys(value).length === 0;
}

function isPlainType(member: unknown): member is { type: string } {
  return (
    typeof member === 'object' &&
    member !== null &&
    Object.keys(member).length === 1 &&
    typeof (member as { type?: unknown }).type === 'string'
  );
}

function mergePlainTypes(schema: Record<string, unknown>): Record<string, unknown> {
  const members = schema.anyOf as unknown[];
  const plain = members.filter(isPlainType).map((member) => member.type);
  if (plain.length < 2) return schema;
  const rest = members.filter((member) => !isPlainType(member));
  const merged = { type: plain };
  const { anyOf: _anyOf, ...others } = schema;
  return rest.length === 0 ? { ...others, ...merged } : { ...others, anyOf: [merged, ...rest] };
}
