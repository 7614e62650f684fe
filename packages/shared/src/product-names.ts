/**
 * The names the project ships under, in one place (docs/architecture/ADR-0035-local-mcp-server.md):
 * the Obsidian plugin's name and id, the npm package of the headless CLI and the binary it
 * installs. manifest.json carries the first two; LEGACY_PLUGIN_ID is the id the plugin was first
 * released under, whose data.json and client configs the renamed plugin adopts. `bun run release:check-name` checks
 * these against the community directory and the npm registry.
 */
export const PRODUCT_NAMES = {
  /** The plugin's `name` in manifest.json and in the community directory. */
  pluginName: 'Local MCP Server',
  /** The plugin's `id`: its folder under <vault>/.obsidian/plugins/. */
  pluginId: 'local-mcp-server',
  /** The headless CLI's package on the npm registry (unscoped). */
  npmPackage: 'local-mcp-server',
  /** The command the package's `bin` installs. */
  cliBinary: 'local-mcp-server',
} as const;

/** The id the plugin was first released under, whose data the renamed plugin adopts. */
export const LEGACY_PLUGIN_ID = 'mcp-connector';
