/**
 * Every tool's input JSON Schema, computed from the source when a bundle is built, for the bundle
 * to define as `MCP_CONNECTOR_BUILT_INPUT_SCHEMAS` (features/mcp-tools/built-input-schemas.ts,
 * ADR-0054): made from the same schemas the bundle carries, so the two cannot differ.
 */
import { allTools } from '../../packages/obsidian-plugin/src/features/mcp-tools/index.ts';

export const INPUT_SCHEMAS_GLOBAL = 'MCP_CONNECTOR_BUILT_INPUT_SCHEMAS';

/** esbuild's `define` entry that carries them into the bundle. */
export function inputSchemasDefine(): Record<string, string> {
  const schemas = Object.fromEntries(allTools.map((tool) => [tool.name, tool.inputJsonSchema]));
  return { [INPUT_SCHEMAS_GLOBAL]: JSON.stringify(schemas) };
}
