/**
 * Watches a vault's folders for changes made outside the server (another editor, a sync client,
 * git): one `fs.watch` per folder, never one per file, so a vault of 100,000 notes in a few
 * hundred folders costs a few hundred watches, set up as the start-up scan meets each folder
 * (ADR-0018). It only reports which entries may have changed, coalesced into batches;
 * outside-changes.ts looks at each one on disk and decides what it means. Dot-entries (the config
 * folder, .trash, our own temp files) are never reported, and a folder is watched only once the
 * scan or a change has found it to be a real folder (never through a symbolic link).
 */
import { watch, type FSWatcher } from 'node:fs';
import { join } from 'node:path';

/** A batch of disk paths (relative to the root) whose entries may have changed. */
export interface WatchedBatch {
  /** Entries created, changed, moved or removed. */
  entries: Set<string>;
  /** Folders whose listing must be compared again (the system did not name the entry). */
  folders: Set<string>;
}

export interface VaultWatcher {
  /** Starts reporting changes of the entries directly inside this folder ('' for the root). */
  watchFolder(diskPath: string): void;
  /** Stops watching the folder and every folder inside it. */
  unwatchFolder(diskPath: string): void;
  close(): void;
}

/** How long a burst of events is gathered before it is reported (an editor's save is several). */
const COALESCE_MS = 25;

export function watchVault(root: string, onBatch: (batch: WatchedBatch) => void): VaultWatcher {
  const watchers = new Map<string, FSWatcher>();
  let batch: WatchedBatch = { entries: new Set(), folders: new Set() };
  let timer: ReturnType<typeof setTimeout> | null = null;
  let closed = false;

  const flush = () => {
    timer = null;
    const ready = batch;
    batch = { entries: new Set(), folders: new Set() };
    if (!closed) onBatch(ready);
  };
  const report = (folder: string, name: string | null) => {
    if (closed) return;
    if (name === null) batch.folders.add(folder);
    else if (!name.split('/').some((segment) => segment.startsWith('.')))
      batch.entries.add(folder === '' ? name : `${folder}/${name}`);
    else return;
    timer ??= setTimeout(flush, COALESCE_MS);
  };

  return {
    watchFolder(diskPath) {
      if (closed || watchers.has(diskPath)) return;
      try {
        const watcher = watch(join(root, diskPath), { persistent: false }, (_event, name) =>
          report(diskPath, typeof name === 'string' ? name : null),
        );
        // A watched folder that goes away errors on some systems: its parent reports the removal.
        watcher.on('error', () => this.unwatchFolder(diskPath));
        watchers.set(diskPath, watcher);
      } catch {
        // Gone already, or not watchable: the parent's watch reports what became of it.
      }
    },
    unwatchFolder(diskPath) {
      const prefix = `${diskPath}/`;
      for (const [folder, watcher] of watchers) {
        if (folder !== diskPath && !(diskPath === '' || folder.startsWith(prefix))) continue;
        watcher.close();
        watchers.delete(folder);
      }
    },
    close() {
      closed = true;
      if (timer !== null) clearTimeout(timer);
      for (const watcher of watchers.values()) watcher.close();
      watchers.clear();
    },
  };
}
