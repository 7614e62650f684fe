/**
 * A vault folder built from a small map of files (paths relative to the vault, dot-entries
 * included), in a fresh temp folder, for tests of either host; `remove` deletes it.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

export interface TempVault {
  root: string;
  remove(): Promise<void>;
}

export async function buildVault(files: Record<string, string | Uint8Array>): Promise<TempVault> {
  const parent = await mkdtemp(join(tmpdir(), 'mcp-vault-'));
  const root = join(parent, 'vault');
  await mkdir(root);
  for (const [path, content] of Object.entries(files)) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), content);
  }
  return { root, remove: () => rm(parent, { recursive: true, force: true }) };
}
