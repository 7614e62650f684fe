/**
 * A byte-for-byte fingerprint of a vault folder (every file, dot-folders included, except the
 * plugin's own data.json which request counters may touch), to prove an operation changed
 * nothing: compare two snapshots with toEqual.
 */
import { createHash } from 'node:crypto';
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';

export async function snapshotVault(root: string): Promise<Record<string, string>> {
  const snapshot: Record<string, string> = {};
  await walk(root, '', snapshot);
  return snapshot;
}

async function walk(root: string, folder: string, snapshot: Record<string, string>): Promise<void> {
  for (const entry of await readdir(join(root, folder), { withFileTypes: true })) {
    const path = folder === '' ? entry.name : `${folder}/${entry.name}`;
    if (entry.isDirectory()) await walk(root, path, snapshot);
    else if (!path.endsWith('plugins/mcp-connector/data.json')) {
      snapshot[path] = createHash('sha256')
        .update(await readFile(join(root, path)))
        .digest('hex');
    }
  }
}
