/** What one .mcpb bundle (or one claude_desktop_config.json entry) is made for. */
export interface BundleTarget {
  /** The vault folder, absolute. */
  vaultPath: string;
  vaultName: string;
  /** The vault's config folder name (`.obsidian` unless the user changed it). */
  configDir: string;
  /** The plugin's folder name under `<configDir>/plugins/`. */
  pluginId: string;
  tokenId: string;
  tokenLabel: string;
  /** The plugin's version, which the bundle carries as its own. */
  version: string;
}
