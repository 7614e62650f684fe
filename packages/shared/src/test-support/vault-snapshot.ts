/**
 * A byte-for-byte fingerprint of a vault folder, to prove an operation changed nothing: compare
 * two snapshots with toEqual. Every file counts, dot-folders included, except the server's own
 * folder (`.obsidian/plugins/local-mcp-server/`: data.json, which request counters touch, its lock
 * while a write is under way, the semantic index, written in the background, and the change
 * journal, which every write adds to).
 */
import { createHash } from 'node:crypto';
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';

const SERVER_FOLDER = '.obsidian/plugins/local-mcp-server';

export async function snapshotVault(root: string): Promise<Record<string, string>> {
  const snapshot: Record<string, string> = {};
  await walk(root, '', snapshot);
  return snapshot;
}

async function walk(root: string, folder: string, snapshot: Record<string, string>): Promise<void> {
  for (const entry of await readdir(join(root, folder), { withFileTypes: true })) {
    const path = folder === '' ? entry.name : `${folder}/${entry.name}`;
    if (path === SERVER_FOLDER) continue;
    if (entry.isDirectory()) await walk(root, path, snapshot);
    else {
      snapshot[path] = createHash('sha256')
        .update(await readFile(join(root, path)))
        .digest('hex');
    }
  }
}
