/**
 * How far a host is in building its vault index. Headless, the server listens before the index
 * is built (a big vault takes seconds): calls that need the index wait for it a little, then
 * answer `index_building` with this status; get_server_info reports it. In Obsidian the metadata
 * cache is Obsidian's own, so the plugin's host is always `ready`.
 */
export interface IndexStatus {
  state: 'building' | 'ready' | 'failed';
  /** While building: listing the folders, then reading and indexing the notes. */
  phase?: 'scanning' | 'indexing';
  /** Notes and canvases indexed so far, and how many there are (null while scanning). */
  done: number;
  total: number | null;
  /** Of those, taken from the metadata cache of a previous run instead of parsed again. */
  fromCache: number;
  /** Of those, parsed in worker threads (headless, big vaults; absent when none). */
  parsedInThreads?: number;
  elapsedMs: number;
  /** A guess at the time left while indexing; null while it cannot be guessed. */
  etaMs: number | null;
  /** Why it failed (state `failed`), worded for the user. */
  error?: string;
}

export interface VaultIndexing {
  status(): IndexStatus;
  /** Resolves once the index is ready; rejects when building it failed. */
  ready(): Promise<void>;
}

/** A host whose index is always there (Obsidian's metadata cache, a test host). */
export const ALWAYS_INDEXED: VaultIndexing = {
  status: () => ({ state: 'ready', done: 0, total: null, fromCache: 0, elapsedMs: 0, etaMs: null }),
  ready: () => Promise.resolve(),
};
