/**
 * The only writer of data.json. Every change goes through `updateSlice` under one process-wide
 * mutex: the file is re-read (another process, such as the tokens CLI, may have changed it), the
 * slice is changed, and the whole file is written atomically. A change that returns the slice
 * unchanged writes nothing.
 */
import { Mutex, writeFileAtomic, type Settings, type SettingsSlice } from '@mcp-connector/shared';
import { loadSettingsFile } from './settings-file.ts';

const settingsMutex = new Mutex();

export type SettingsListener = (settings: Settings) => void;

export class SettingsStore {
  private settings: Settings;
  private readonly listeners = new Set<SettingsListener>();

  private constructor(
    readonly path: string,
    settings: Settings,
    /** Why the file on disk could not be used, if it could not. */
    readonly problem: string | null,
  ) {
    this.settings = settings;
  }

  static async open(path: string): Promise<SettingsStore> {
    const loaded = await settingsMutex.run(() => loadSettingsFile(path));
    return new SettingsStore(path, loaded.settings, loaded.problem);
  }

  get current(): Settings {
    return this.settings;
  }

  updateSlice<K extends SettingsSlice>(
    slice: K,
    change: (current: Settings[K]) => Settings[K],
  ): Promise<Settings[K]> {
    return settingsMutex.run(async () => {
      const onDisk = await loadSettingsFile(this.path);
      const base = onDisk.problem === null ? onDisk.settings : this.settings;
      const next = change(base[slice]);
      const updated = { ...base, [slice]: next };
      if (next !== base[slice])
        await writeFileAtomic(this.path, `${JSON.stringify(updated, null, 2)}\n`);
      this.settings = updated;
      for (const listener of this.listeners) listener(updated);
      return next;
    });
  }

  onChange(listener: SettingsListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
