/**
 * ObsidianHost held to the VaultHost contract over the simulated Obsidian (packages/obsidian-sim),
 * the same suite NodeHost passes in packages/headless.
 */
import { runVaultHostContract } from '../test-support/vault-host-contract.ts';
import { openTestHost } from '../test-support/test-host.ts';

runVaultHostContract('ObsidianHost over the simulated Obsidian', async (files) => {
  const opened = await openTestHost(files);
  return { host: opened.host, cleanup: opened.close };
});
