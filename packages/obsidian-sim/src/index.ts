/**
 * The simulated Obsidian (test-only): `loadPlugin` runs a built main.js over a vault folder;
 * `openApp` opens the simulated app alone, for code that takes an `App` (ObsidianHost).
 * The `obsidian` stand-in itself is `@mcp-connector/obsidian-sim/obsidian`.
 */
import { App } from './obsidian/app.ts';

export { loadPlugin, type LoadPluginOptions, type LoadedPlugin } from './load-plugin.ts';
export { App };

/** Opens the simulated app over a vault folder (scan and metadata done); `close` when finished. */
export function openApp(vault: string): Promise<App> {
  return App.open(vault);
}
