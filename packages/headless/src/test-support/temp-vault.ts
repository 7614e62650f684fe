/**
 * Test vaults on disk: a writable temp copy of a vault (the repository's test vault by default,
 * test-data/vault, described in docs/test-vault.md; never edited in place), or a vault built from
 * a small map of files. Each comes with a `remove` for cleanup.
 */
import { chmod, cp, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { TEST_VAULT, buildVault, type TempVault } from '@mcp-connector/shared/test-support';
import { join } from 'node:path';

export { TEST_VAULT, buildVault, type TempVault };

/** `name` is the copy's folder name, which is the vault's name. */
export async function copyVault(source: string = TEST_VAULT, name = 'vault'): Promise<TempVault> {
  const parent = await mkdtemp(join(tmpdir(), 'mcp-vault-'));
  const root = join(parent, name);
  await cp(source, root, { recursive: true, preserveTimestamps: true });
  await makeWritable(root);
  return { root, remove: () => rm(parent, { recursive: true, force: true }) };
}

async function makeWritable(path: string): Promise<void> {
  await chmod(path, 0o755);
  for (const entry of await readdir(path, { withFileTypes: true })) {
    const child = join(path, entry.name);
    if (entry.isDirectory()) await makeWritable(child);
    else await chmod(child, 0o644);
  }
}
