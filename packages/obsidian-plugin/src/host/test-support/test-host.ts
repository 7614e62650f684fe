/**
 * The plugin's own test host: ObsidianHost, the plugin's real adapter, over the simulated
 * Obsidian (packages/obsidian-sim) on a vault built from a map of files. `host` to call tools
 * with, `root` to inspect the disk, `app` for what only Obsidian has (plugins, commands), and
 * `close` to stop it and delete the folder. Plugin tests never import the headless package.
 */
import { openApp, type App } from '@mcp-connector/obsidian-sim';
import { buildVault } from '@mcp-connector/shared/test-support';
import { ObsidianHost } from '../obsidian/obsidian-host.ts';

export { buildVault, snapshotVault, type TempVault } from '@mcp-connector/shared/test-support';

export interface TestHost {
  host: ObsidianHost;
  root: string;
  app: App;
  close: () => Promise<void>;
}

/** A host over a vault folder that already exists (the caller removes it). */
export async function openHostAt(root: string): Promise<Omit<TestHost, 'root'>> {
  const app = await openApp(root);
  return { host: new ObsidianHost(app.asObsidian()), app, close: () => app.close() };
}

export async function openTestHost(files: Record<string, string | Uint8Array>): Promise<TestHost> {
  const vault = await buildVault(files);
  const { host, app, close } = await openHostAt(vault.root);
  return {
    host,
    root: vault.root,
    app,
    close: async () => {
      await close();
      await vault.remove();
    },
  };
}
