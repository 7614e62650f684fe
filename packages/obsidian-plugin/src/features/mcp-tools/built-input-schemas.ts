/**
 * Every tool's input JSON Schema as the build computed it: the headless CLI's bundle defines
 * `MCP_CONNECTOR_BUILT_INPUT_SCHEMAS` (scripts/tools/input-schemas.ts), so the first tools/list of
 * a server just started turns no ArkType schema into JSON Schema (all of them took a second of
 * CPU there, ADR-0054). From source, and in main.js, it is not defined: each schema is made on
 * first use, as before. A tool's arguments are still checked with its ArkType schema.
 */
declare const MCP_CONNECTOR_BUILT_INPUT_SCHEMAS: BuiltInputSchemas | undefined;

export type BuiltInputSchemas = Record<string, Record<string, unknown>>;

const built: BuiltInputSchemas =
  typeof MCP_CONNECTOR_BUILT_INPUT_SCHEMAS === 'undefined' ? {} : MCP_CONNECTOR_BUILT_INPUT_SCHEMAS;

/** The tool's input JSON Schema as built, or null when the build computed none. */
export function builtInputSchema(tool: string): Record<string, unknown> | null {
  return Object.hasOwn(built, tool) ? (built[tool] as Record<string, unknown>) : null;
}
