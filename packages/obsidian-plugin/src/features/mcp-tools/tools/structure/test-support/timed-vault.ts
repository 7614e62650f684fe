/**
 * A test vault whose files have chosen modification times, set on disk before the NodeHost
 * scans it (openTestHost opens at once, so it cannot). For tests that order files by mtime.
 */
import { NodeHost } from '@mcp-connector/headless/node-host';
import { buildVault, type TestHost } from '@mcp-connector/headless/test-support';
import { utimes } from 'node:fs/promises';
import { join } from 'node:path';

export async function openTimedHost(
  files: Record<string, string | Uint8Array>,
  mtimes: Record<string, number>,
): Promise<TestHost> {
  const vault = await buildVault(files);
  for (const [path, mtime] of Object.entries(mtimes)) {
    await utimes(join(vault.root, path), mtime / 1000, mtime / 1000);
  }
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
