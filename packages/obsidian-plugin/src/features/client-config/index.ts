/**
 * Client configuration: everything that connects an MCP client to this vault in one step. The
 * per-client copy-config snippets and one-click install links, the per-token .mcpb bundle for Claude Desktop with its
 * zero-dependency stdio shim, claude_desktop_config.json sync with one owning token,
 * live-server.json, through which a running server tells them its port, and where each client
 * keeps its server list and what an entry there says (the doctor reads them).
 */
export {
  claimLiveServer,
  publishLiveServer,
  withdrawLiveServer,
  type LiveServerClaim,
  type LiveServerRecord,
} from './services/live-server-file.ts';
export { readLiveServer, settingsFileOf, type LiveServer } from './shim/vault-files.ts';
export { proveServer } from './shim/http-exchange.ts';
export type { BundleTarget } from './services/mcpb/bundle-target.ts';
export { buildMcpb, mcpbFileName, type McpbOptions } from './services/mcpb/mcpb-bundle.ts';
export { isOnLocalDisk } from './services/mcpb/local-disk.ts';
export { mcpbManifest, mcpbNameOf } from './services/mcpb/mcpb-manifest.ts';
export { SERVER_NAME_PATTERN, checkServerName, serverNameFor, slugOf } from './services/naming.ts';
export { STDIO_SHIM_SOURCE } from './generated/stdio-shim.ts';
export { CLIENTS, clientById, clientSnippets } from './services/clients/client-list.ts';
export type { ClientContext, ClientGenerator, Snippet } from './services/clients/client-snippet.ts';
export { MCP_REMOTE_VERSION } from './services/clients/mcp-remote.ts';
export {
  cursorInstallLink,
  installLinks,
  lmStudioInstallLink,
  vscodeInstallLink,
  type InstallLink,
} from './services/clients/install-links.ts';
export {
  desktopConfigPath,
  desktopExtensionsPath,
} from './services/desktop-config/desktop-config-path.ts';
export { upgradeInstalledShims } from './services/mcpb/installed-bundles.ts';
export { readDesktopServers } from './services/desktop-config/desktop-config-file.ts';
export {
  DESKTOP_SHIM_FILE,
  forgetRevokedDesktopOwner,
  syncDesktopConfig,
  unsyncDesktopConfig,
  type DesktopSyncResult,
  type VaultTarget,
} from './services/desktop-config/desktop-sync.ts';
export { LOCAL_FAILURES, type LocalFailureReason } from './shim/local-errors.ts';
// The relay `serve --stdio` runs (ADR-0047): the shim's, not a copy.
export { runRelay } from './shim/relay.ts';
export { httpUpstream } from './shim/upstream.ts';
export type { BundleConfig } from './shim/bundle-env.ts';
export {
  BACKGROUND_NODE_FLAGS,
  LOG_FILE as BACKGROUND_LOG_FILE,
  backgroundLaunchOf,
  ensureBackgroundServer,
  type BackgroundLaunch,
} from './shim/background-server.ts';
export { DEFAULT_CONNECT_WINDOW_MS, DEFAULT_DEADLINE_MS } from './shim/bundle-env.ts';
export {
  clientConfigPlaces,
  readClientConfig,
  type ClientConfigPlace,
  type ClientLocations,
  type ClientName,
  type ClientServerEntry,
  type ReadPlace,
} from './services/client-config-files.ts';
export {
  HOMEBREW_NODE,
  NODE_NEEDED_BY,
  describeNodeRuntime,
  detectNodeRuntime,
  type FoundProgram,
  type NodeRuntime,
} from './services/node-runtime/node-runtime.ts';
