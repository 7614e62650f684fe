/**
 * Builds a NodeHost's index of the vault, in the background while the server already listens:
 * scan the folders (watching each as it is met), sweep what an interrupted write left, register
 * every file (so links resolve against the whole vault), then read every note and canvas and
 * index it, taking a note's metadata from the on-disk cache when its path, size, mtime and text
 * hash all still match, and parsing it otherwise; its link counts are taken from the cache too
 * unless a file sharing a name with one of its links was added or removed since (the counts
 * depend on nothing else). Tag counts and the link graph's key index are owed, not built, while
 * loading (VaultIndex.deferAggregates); the host prepares them once the index is ready. When anything was parsed (or a cached note is
 * gone), the build hands back the writing of a new cache, for after the index is ready. Progress
 * goes to `progress`; `stopped()` ends the build early (the host is closing).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { getLinkpath, nameKey } from '@mcp-connector/markdown/links';
import {
  isIndexedText,
  packedFits,
  noteLinkTexts,
  parseNote,
  type KnownLinkCounts,
} from '@mcp-connector/markdown/vault';
import type { IndexProgress } from './index-progress.ts';
import {
  readMetadataCache,
  textHash,
  writeMetadataCache,
  type CacheRecord,
} from './metadata-cache.ts';
import { stripBom, type VaultState } from './vault-state.ts';
import { scanVault, type ScannedFile } from './vault-scan.ts';

/** Where the metadata cache lives and the key its content must carry. */
export interface MetadataCacheOptions {
  file: string;
  key: string;
}

export interface BuildOptions {
  progress: IndexProgress;
  cache: MetadataCacheOptions | null;
  /** Hears of each folder before it is listed (the watcher). */
  onFolder?: (diskPath: string) => void;
  stopped: () => boolean;
}

/** Reads in flight at once while indexing. */
const READ_BATCH = 64;

export async function buildIndex(
  state: VaultState,
  options: BuildOptions,
): Promise<{ writeCache: (() => Promise<void>) | null }> {
  const scan = await scanVault(state.root, options.onFolder);
  await Promise.all(scan.leftovers.map((diskPath) => state.sweepLeftover(diskPath)));
  for (const folder of scan.folders) state.table.addFolder(folder.path, folder.diskPath);
  for (const file of scan.files) state.table.setFile(file.path, file.diskPath, file.stat);
  for (const file of scan.files) state.index.addFile(file.path, null);
  state.index.deferAggregates();
  const texts = scan.files.filter((file) => isIndexedText(file.path));
  options.progress.startIndexing(texts.length);
  const cache = options.cache;
  const cached = cache === null ? null : await readMetadataCache(cache.file, cache.key);
  const renamed = cached === null ? null : namesChanged(cached.paths, scan.files);
  const fresh = new Map<string, CacheRecord>();
  let parsed = 0;
  for (let start = 0; start < texts.length; start += READ_BATCH) {
    if (options.stopped()) return { writeCache: null };
    const batch = texts.slice(start, start + READ_BATCH);
    const read = await Promise.all(batch.map((file) => readIndexedText(state, file)));
    batch.forEach((file, i) => {
      const text = read[i];
      if (text === null || text === undefined) return;
      const record = indexOne(state, file, text, cached?.records.get(file.path), renamed);
      if (record.source === 'parsed') parsed++;
      if (record.cacheable !== null) fresh.set(file.path, record.cacheable);
      options.progress.noteDone(record.source === 'cache');
    });
  }
  if (
    cache === null ||
    (parsed === 0 && fresh.size === cached?.records.size && renamed?.size === 0)
  )
    return { writeCache: null };
  // Taken now: the counts objects are replaced, never changed, when a note changes later.
  const paths = state.table.listFiles().map((file) => file.path);
  for (const [path, record] of fresh) record.links = countsOf(state, path);
  return { writeCache: () => writeMetadataCache(cache.file, cache.key, { paths, records: fresh }) };
}

/** The name keys of the files added or removed since the cache was written. */
function namesChanged(before: readonly string[], now: readonly ScannedFile[]): Set<string> {
  const then = new Set(before);
  const changed = new Set<string>();
  for (const file of now) if (!then.delete(file.path)) changed.add(nameKey(file.path));
  for (const path of then) changed.add(nameKey(path));
  return changed;
}

function countsOf(state: VaultState, path: string): KnownLinkCounts | undefined {
  const resolved = state.index.resolvedLinks[path];
  const unresolved = state.index.unresolvedLinks[path];
  return resolved === undefined || unresolved === undefined
    ? undefined
    : {
        resolved: resolved,
        unresolved: unresolved,
      };
}

/** The text of a note or canvas, or null when it is gone or unreadable since the scan. */
async function readIndexedText(state: VaultState, file: ScannedFile): Promise<string | null> {
  try {
    return stripBom(await readFile(join(state.root, file.diskPath), 'utf8'));
  } catch {
    return null;
  }
}

function indexOne(
  state: VaultState,
  file: ScannedFile,
  text: string,
  cached: CacheRecord | undefined,
  renamed: ReadonlySet<string> | null,
): { source: 'cache' | 'parsed' | 'canvas'; cacheable: CacheRecord | null } {
  if (!file.path.endsWith('.md')) {
    state.index.updateText(file.path, text);
    return { source: 'canvas', cacheable: null };
  }
  const { size, mtime } = file.stat;
  const hash = textHash(text);
  const reusable =
    cached !== undefined &&
    cached.size === size &&
    cached.mtime === mtime &&
    cached.hash === hash &&
    packedFits(cached.packed, text);
  const packed = reusable ? cached.packed : parseNote(text);
  const known = reusable && linksUnaffected(cached, text, renamed) ? cached.links : undefined;
  state.index.setNote(file.path, text, packed, known);
  return { source: reusable ? 'cache' : 'parsed', cacheable: { size, mtime, hash, packed } };
}

/** Whether none of the note's links names a file added or removed since its counts were made. */
function linksUnaffected(
  cached: CacheRecord,
  text: string,
  renamed: ReadonlySet<string> | null,
): boolean {
  if (renamed === null || cached.links === undefined) return false;
  if (renamed.size === 0) return true;
  return noteLinkTexts(text, cached.packed).every(
    (link) => !renamed.has(nameKey(getLinkpath(link))),
  );
}
