/**
 * After a start, a bounded random sample of the notes is read from disk and compared with the
 * text the index holds, in the background, one note per turn and each under the write lock (no
 * write interleaves). An edit that kept a note's size and mtime is invisible to the metadata
 * cache (ADR-0018); a sampled note whose file differs is indexed again from it, and the cache
 * and text store are removed, so the next start reads every note instead of trusting them.
 */
import type { Mutex } from '@mcp-connector/shared';
import { readFile, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { toFileStat } from './file-stats.ts';
import { nextTurn } from './next-turn.ts';
import { textStorePathOf } from './text-store.ts';
import { stripBom, type VaultState } from './vault-state.ts';

export const SAMPLED_NOTES = 64;

/** The notes found differing from the index (re-indexed now), in the order they were checked. */
export async function verifyCachedSample(
  state: VaultState,
  lock: Mutex,
  cacheFile: string,
  stopped: () => boolean,
  size = SAMPLED_NOTES,
): Promise<string[]> {
  const differing: string[] = [];
  for (const path of sampleOf(notePaths(state), size)) {
    await nextTurn();
    if (stopped()) break;
    if (await lock.run(() => reindexIfDiffering(state, path))) differing.push(path);
  }
  if (differing.length > 0) {
    await rm(cacheFile, { force: true });
    await rm(textStorePathOf(cacheFile), { force: true });
  }
  return differing;
}

async function reindexIfDiffering(state: VaultState, path: string): Promise<boolean> {
  const diskPath = state.table.file(path)?.diskPath;
  if (diskPath === undefined) return false;
  try {
    const onDisk = join(state.root, diskPath);
    const text = stripBom(await readFile(onDisk, 'utf8'));
    if (text === state.index.noteText(path)) return false;
    state.recordFile(path, diskPath, toFileStat(await stat(onDisk)), text);
    return true;
  } catch {
    return false; // gone or unreadable meanwhile: the watcher tells
  }
}

function notePaths(state: VaultState): string[] {
  return state.table
    .listFiles()
    .filter((file) => file.extension === 'md')
    .map((file) => file.path);
}

/** Up to `size` of `paths`, chosen at random (a partial Fisher-Yates shuffle). */
function sampleOf(paths: string[], size: number): string[] {
  const count = Math.min(size, paths.length);
  for (let i = 0; i < count; i++) {
    const j = i + Math.floor(Math.random() * (paths.length - i));
    [paths[i], paths[j]] = [paths[j] as string, paths[i] as string];
  }
  return paths.slice(0, count);
}
