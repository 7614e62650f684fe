/**
 * A NodeHost over a vault built from a map of files, for tool unit tests: `host` to call tools
 * with, `root` to inspect the disk, and `close` to stop it and delete the folder.
 */
import { NodeHost } from '../node-host/node-host.ts';
import { buildVault } from './temp-vault.ts';

export interface TestHost {
  host: NodeHost;
  root: string;
  close(): Promise<void>;
}

export async function openTestHost(files: Record<string, string | Uint8Array>): Promise<TestHost> {
  const vault = await buildVault(files);
  const host = await NodeHost.open(vault.root, { watch: false });
  return {
    host,
    root: vault.root,
    close: async () => {
      await host.close();
      await vault.remove();
    },
  };
}
