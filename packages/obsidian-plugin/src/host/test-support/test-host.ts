/**
 * The plugin's own test host: ObsidianHost, the plugin's real adapter, over the simulated
 * Obsidian (packages/obsidian-sim) on a vault built from a map of files. `host` to call tools
 * with, `root` to inspect the disk, `app` for what only Obsidian has (plugins, commands), and
 * `close` to stop it and delete the folder. Plugin tests never import the headless package.
 */
import { openApp, type App } from '@mcp-connector/obsidian-sim';
import { buildVault, type TempVault } from '@mcp-connector/shared/test-support';
import { ObsidianHost } from '../obsidian/obsidian-host.ts';

export { buildVault, snapshotVault, type TempVault } from '@mcp-connector/shared/test-support';

export interface TestHost {
  host: ObsidianHost;
  root: string;
  app: App;
  close: () => Promise<void>;
}

/** ObsidianHost over a vault folder just built; closing it also removes the folder. */
export async function openHostOver(vault: TempVault): Promise<TestHost> {
  const app = await openApp(vault.root);
  return {
    host: new ObsidianHost(app.asObsidian()),
    root: vault.root,
    app,
    close: async () => {
      await app.close();
      await vault.remove();
    },
  };
}

export async function openTestHost(files: Record<string, string | Uint8Array>): Promise<TestHost> {
  return openHostOver(await buildVault(files));
}
