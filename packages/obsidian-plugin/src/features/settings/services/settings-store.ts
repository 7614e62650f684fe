/**
 * The only writer of data.json. Every change goes through `updateSlice` under one process-wide
 * mutex and a lock file shared with other processes (the tokens CLI): the file is re-read, the
 * slice is changed, and the whole file is written atomically. A change that returns the slice
 * unchanged writes nothing. `watch` reloads changes other processes make, so a token added or
 * revoked from the command line applies to the running server's next request.
 */
import { Mutex, writeFileAtomic, type Settings, type SettingsSlice } from '@mcp-connector/shared';
import { watch, type FSWatcher } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import { clearTimeout, setTimeout } from 'node:timers';
import { withFileLock } from './file-lock.ts';
import { loadSettingsFile } from './settings-file.ts';

const settingsMutex = new Mutex();
const RELOAD_DELAY_MS = 50;

export type SettingsListener = (settings: Settings) => void;

export class SettingsStore {
  private settings: Settings;
  private readonly listeners = new Set<SettingsListener>();
  private watcher: FSWatcher | null = null;
  private reloadTimer: ReturnType<typeof setTimeout> | null = null;

  private constructor(
    readonly path: string,
    settings: Settings,
    /** Why the file on disk could not be used, if it could not. */
    readonly problem: string | null,
  ) {
    this.settings = settings;
  }

  static async open(path: string): Promise<SettingsStore> {
    // Reading needs no lock (writes are atomic); only writing a migrated file back does.
    const loaded = await settingsMutex.run(async () => {
      const first = await loadSettingsFile(path);
      if (!first.migrated) return first;
      return withFileLock(lockPathOf(path), async () => {
        const result = await loadSettingsFile(path);
        if (result.migrated) await writeSettings(path, result.settings);
        return result;
      });
    });
    return new SettingsStore(path, loaded.settings, loaded.problem);
  }

  get current(): Settings {
    return this.settings;
  }

  updateSlice<K extends SettingsSlice>(
    slice: K,
    change: (current: Settings[K]) => Settings[K],
  ): Promise<Settings[K]> {
    return settingsMutex.run(() =>
      withFileLock(lockPathOf(this.path), async () => {
        const onDisk = await loadSettingsFile(this.path);
        const base = onDisk.problem === null ? onDisk.settings : this.settings;
        const next = change(base[slice]);
        const updated = { ...base, [slice]: next };
        if (next !== base[slice]) await writeSettings(this.path, updated);
        this.publish(updated);
        return next;
      }),
    );
  }

  onChange(listener: SettingsListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Starts reloading the file when another process changes it. */
  async watch(): Promise<void> {
    if (this.watcher !== null) return;
    await mkdir(dirname(this.path), { recursive: true });
    this.watcher = watch(dirname(this.path), (_event, name) => {
      if (name !== basename(this.path)) return;
      if (this.reloadTimer !== null) clearTimeout(this.reloadTimer);
      this.reloadTimer = setTimeout(() => void this.reload(), RELOAD_DELAY_MS);
    });
  }

  close(): void {
    this.watcher?.close();
    this.watcher = null;
    if (this.reloadTimer !== null) clearTimeout(this.reloadTimer);
  }

  private async reload(): Promise<void> {
    this.reloadTimer = null;
    const loaded = await settingsMutex.run(() => loadSettingsFile(this.path, false));
    if (
      loaded.problem === null &&
      JSON.stringify(loaded.settings) !== JSON.stringify(this.settings)
    )
      this.publish(loaded.settings);
  }

  private publish(settings: Settings): void {
    this.settings = settings;
    for (const listener of this.listeners) listener(settings);
  }
}

function lockPathOf(path: string): string {
  return `${path}.lock`;
}

async function writeSettings(path: string, settings: Settings): Promise<void> {
  await writeFileAtomic(path, `${JSON.stringify(settings, null, 2)}\n`);
}
