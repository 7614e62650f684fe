/**
 * Watches a vault folder for changes made outside the server (another editor, a sync client,
 * git) with chokidar, skipping dot-entries (config folder, .trash, our own temp files) and never
 * following symbolic links. It only
 * reports what changed; NodeHost decides what that means for its indexes.
 */
import chokidar from 'chokidar';
import { relative, sep } from 'node:path';

export type WatchedChange = 'add' | 'change' | 'unlink' | 'addDir' | 'unlinkDir';

export interface VaultWatcher {
  /** Resolves once the initial scan of the watcher is done and changes are being reported. */
  ready: Promise<void>;
  close(): Promise<void>;
}

export function watchVault(
  root: string,
  onChange: (change: WatchedChange, diskPath: string) => void,
): VaultWatcher {
  const toDiskPath = (path: string) => relative(root, path).split(sep).join('/');
  const isHidden = (path: string) =>
    toDiskPath(path)
      .split('/')
      .some((segment) => segment.startsWith('.'));
  const watcher = chokidar.watch(root, {
    ignored: isHidden,
    ignoreInitial: true,
    persistent: true,
    // A link is invisible (containment.ts): report the link itself, never what it leads to.
    followSymlinks: false,
  });
  watcher.on('all', (event, path) => {
    const diskPath = toDiskPath(path);
    if (diskPath !== '' && isWatchedChange(event)) onChange(event, diskPath);
  });
  const ready = new Promise<void>((resolve) => watcher.once('ready', () => resolve()));
  return { ready, close: () => watcher.close() };
}

function isWatchedChange(event: string): event is WatchedChange {
  return (
    event === 'add' ||
    event === 'change' ||
    event === 'unlink' ||
    event === 'addDir' ||
    event === 'unlinkDir'
  );
}
