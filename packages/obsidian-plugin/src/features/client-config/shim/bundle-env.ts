/**
 * What one connection knows, from its environment (the .mcpb manifest's `mcp_config.env`, or the
 * `env` of a claude_desktop_config.json entry): the vault folder, its config folder, the plugin's
 * folder name and one token id. Never a secret: the secret and the live port are read from the
 * vault at connect time. Environment variables, not arguments, because Claude Desktop's built-in
 * Node adds arguments of its own and Windows mangles arguments with spaces.
 */
import { PRODUCT_NAMES } from '@mcp-connector/shared/product-names';
import { failure, type LocalFailure } from './local-errors.ts';

export const BUNDLE_ENV = {
  vault: 'MCP_CONNECTOR_VAULT',
  configDir: 'MCP_CONNECTOR_CONFIG_DIR',
  pluginId: 'MCP_CONNECTOR_PLUGIN_ID',
  tokenId: 'MCP_CONNECTOR_TOKEN_ID',
  /**
   * The headless CLI inside the bundle (a path relative to the shim's folder), set when the
   * bundle was exported with the fallback: it serves the vault when no server answers.
   */
  fallbackCli: 'MCP_CONNECTOR_FALLBACK_CLI',
  /** For tests and diagnosis only: shorter windows than the defaults. */
  connectWindowMs: 'MCP_CONNECTOR_CONNECT_WINDOW_MS',
  deadlineMs: 'MCP_CONNECTOR_DEADLINE_MS',
} as const;

/** A whole request, from the first connection attempt to its last byte. */
export const DEFAULT_DEADLINE_MS = 45_000;
/** How long a request keeps retrying while Obsidian starts (within the deadline). */
export const DEFAULT_CONNECT_WINDOW_MS = 30_000;

export interface BundleConfig {
  vault: string;
  configDir: string;
  pluginId: string;
  tokenId: string;
  /** The bundled headless CLI, or null when the bundle only relays. */
  fallbackCli: string | null;
  deadlineMs: number;
  connectWindowMs: number;
}

export function bundleConfigFrom(
  env: Record<string, string | undefined>,
): BundleConfig | LocalFailure {
  const vault = env[BUNDLE_ENV.vault]?.trim();
  const tokenId = env[BUNDLE_ENV.tokenId]?.trim();
  if (!vault || !tokenId)
    return failure('bundle_incomplete', `${BUNDLE_ENV.vault} or ${BUNDLE_ENV.tokenId} is not set`);
  return {
    vault,
    tokenId,
    configDir: env[BUNDLE_ENV.configDir]?.trim() || '.obsidian',
    pluginId: env[BUNDLE_ENV.pluginId]?.trim() || PRODUCT_NAMES.pluginId,
    fallbackCli: env[BUNDLE_ENV.fallbackCli]?.trim() || null,
    deadlineMs: positive(env[BUNDLE_ENV.deadlineMs]) ?? DEFAULT_DEADLINE_MS,
    connectWindowMs: positive(env[BUNDLE_ENV.connectWindowMs]) ?? DEFAULT_CONNECT_WINDOW_MS,
  };
}

function positive(text: string | undefined): number | undefined {
  const value = Number(text);
  return text !== undefined && Number.isFinite(value) && value > 0 ? value : undefined;
}
