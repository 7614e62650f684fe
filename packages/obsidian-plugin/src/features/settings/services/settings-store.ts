/**
 * The only writer of data.json. Every change goes through `updateSlices` (`updateSlice` for one)
 * under one process-wide mutex and a lock file shared with other processes (the tokens CLI): the
 * file is re-read, the slices are changed and validated (hidden folders come out normalised), and
 * the whole file is written atomically, once. A change that returns its slice unchanged writes
 * nothing.
 *
 * Fail closed: a slice that is invalid on disk is never replaced (its text stays as written and
 * `updateSlice` on it refuses), an unreadable file is never rewritten, and while a security slice
 * (tokens, token policy, hidden folders) is invalid, `refusal` says why the server must not serve.
 *
 * The store also holds the vault's device home (ADR-0033) and this device's token secrets: a file
 * that still has plain secrets (an older format) has them saved there before it is rewritten with
 * their hashes, and whenever it is read with one.
 *
 * `refresh` (called before every request) compares the file's inode, size and mtime with what was
 * last read and reloads on any difference, so a token revoked from the command line is refused
 * on the very next request; `watch` does the same on file-system events, for listeners.
 */
import {
  Mutex,
  SECURITY_SLICES,
  ToolError,
  deviceHomeOf,
  writeFileAtomic,
  type Settings,
  type SettingsSlice,
  type VaultDeviceHome,
} from '@mcp-connector/shared';
import { sliceSchemas } from '@mcp-connector/shared/settings-schemas';
import { type } from 'arktype';
import { existsSync, realpathSync, statSync, watch, type FSWatcher } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { basename, dirname, resolve } from 'node:path';
import { clearTimeout, setTimeout } from 'node:timers';
import { DeviceSecrets, type SecretMirror } from './device-secrets.ts';
import { DeviceUsage, parseUsage, withCounters } from './device-usage.ts';
import { withFileLock } from './file-lock.ts';
import { adoptLegacySettings, legacySettingsPathOf } from './legacy-settings.ts';
import { loadSettingsFile, type LoadedSettings } from './settings-file.ts';

const settingsMutex = new Mutex();
const RELOAD_DELAY_MS = 50;

/** What every client sees while the settings cannot be trusted: no detail, no path. */
const REFUSAL =
  "The Local MCP Server settings file (data.json) has settings that decide access but cannot be read, so this server refuses every request until the file is fixed. Obsidian's Local MCP Server notice, or the headless server's log, names the problem.";

export type SettingsListener = (settings: Settings) => void;

/** A change for each of some slices (`updateSlices`). */
export type SliceChanges = { [K in SettingsSlice]?: (current: Settings[K]) => Settings[K] };

export interface SettingsStoreOptions {
  /** The vault's device home; by default this device's for the vault that holds data.json. */
  device?: VaultDeviceHome;
  /** Where secrets are mirrored as well (Obsidian's secret storage). */
  secretMirror?: SecretMirror;
}

export class SettingsStore {
  private loaded: LoadedSettings;
  private signature: string;
  private readonly listeners = new Set<SettingsListener>();
  private watcher: FSWatcher | null = null;
  private reloadTimer: ReturnType<typeof setTimeout> | null = null;

  private constructor(
    readonly path: string,
    readonly device: VaultDeviceHome,
    readonly secrets: DeviceSecrets,
    /** What serving learns on this device (usage.json): never written to data.json. */
    readonly usage: DeviceUsage,
    loaded: LoadedSettings,
    signature: string,
  ) {
    this.loaded = loaded;
    this.signature = signature;
  }

  static async open(path: string, options: SettingsStoreOptions = {}): Promise<SettingsStore> {
    const device = options.device ?? deviceHomeOf(vaultRealPathOf(path));
    const secrets = new DeviceSecrets(device.secrets, options.secretMirror ?? null);
    const usage = new DeviceUsage(device.usage);
    const load = (keepAside: boolean) => loadKeepingSecrets(path, secrets, keepAside);
    // Reading needs no lock (writes are atomic); only writing a migrated file back does.
    return settingsMutex.run(async () => {
      if (legacySettingsPathOf(path) !== null && !existsSync(path))
        await withFileLock(lockPathOf(path), () => adoptLegacySettings(path));
      const signature = signatureOf(path);
      const first = await load(true);
      if (!first.migrated || first.problem !== null)
        return new SettingsStore(path, device, secrets, usage, first, signature);
      return withFileLock(lockPathOf(path), async () => {
        const result = await load(true);
        if (result.migrated && result.problem === null) {
          await keepCounters(result, usage);
          await writeSettings(path, result, {});
        }
        return new SettingsStore(path, device, secrets, usage, result, signatureOf(path));
      });
    });
  }

  get current(): Settings {
    return this.loaded.settings;
  }

  /** Why the file on disk could not be used, or part of it; null when all of it was. */
  get problem(): string | null {
    return this.loaded.problem;
  }

  /** Set while the server must not serve: the file is unreadable or a security slice is invalid. */
  get refusal(): string | null {
    const { unreadable, invalid } = this.loaded;
    return unreadable || invalid.some((slice) => SECURITY_SLICES.includes(slice)) ? REFUSAL : null;
  }

  updateSlice<K extends SettingsSlice>(
    slice: K,
    change: (current: Settings[K]) => Settings[K],
  ): Promise<Settings[K]> {
    const changes: SliceChanges = { [slice]: change };
    return this.updateSlices(changes).then((slices) => slices[slice] as Settings[K]);
  }

  /**
   * Changes several slices in one write, as `updateSlice` changes one: each slice as it is after,
   * and nothing written when every change returns its slice unchanged. Refuses, changing none,
   * when any of them is invalid on disk.
   */
  updateSlices(changes: SliceChanges): Promise<Partial<Settings>> {
    return settingsMutex.run(() =>
      withFileLock(lockPathOf(this.path), async () => {
        const onDisk = await loadKeepingSecrets(this.path, this.secrets, false);
        const slices = Object.keys(changes) as SettingsSlice[];
        const invalid = slices.find((slice) => onDisk.unreadable || onDisk.invalid.includes(slice));
        if (invalid !== undefined) throw cannotUpdate(invalid, onDisk);
        const after: Partial<Record<SettingsSlice, unknown>> = {};
        const changed: Partial<Record<SettingsSlice, unknown>> = {};
        for (const slice of slices) {
          const current = onDisk.settings[slice];
          const next = (changes[slice] as (current: unknown) => unknown)(current);
          if (next !== current) changed[slice] = validateSlice(slice, next);
          after[slice] = changed[slice] ?? current;
        }
        if (Object.keys(changed).length === 0) {
          this.adopt(onDisk, signatureOf(this.path));
          return after as Partial<Settings>;
        }
        const written = changed as Partial<Settings>;
        const updated = { ...onDisk, settings: { ...onDisk.settings, ...written } };
        if (onDisk.migrated) await keepCounters(onDisk, this.usage);
        await writeSettings(this.path, updated, written);
        this.adopt(updated, signatureOf(this.path));
        return after as Partial<Settings>;
      }),
    );
  }

  /** Reloads the file if it changed since it was last read (one `stat` when it did not). */
  async refresh(): Promise<void> {
    if (signatureOf(this.path) === this.signature) return;
    await settingsMutex.run(async () => {
      const signature = signatureOf(this.path);
      if (signature === this.signature) return;
      this.adopt(await loadKeepingSecrets(this.path, this.secrets, false), signature);
    });
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
      this.reloadTimer = setTimeout(() => {
        this.reloadTimer = null;
        void this.refresh();
      }, RELOAD_DELAY_MS);
    });
  }

  close(): void {
    this.watcher?.close();
    this.watcher = null;
    if (this.reloadTimer !== null) clearTimeout(this.reloadTimer);
  }

  private adopt(loaded: LoadedSettings, signature: string): void {
    // A file that turns bad may read as the same settings: its problem is news all the same.
    const changed =
      loaded.problem !== this.loaded.problem ||
      JSON.stringify(loaded.settings) !== JSON.stringify(this.loaded.settings);
    this.loaded = loaded;
    this.signature = signature;
    if (changed) for (const listener of this.listeners) listener(loaded.settings);
  }
}

/**
 * The file as read, any plain secret an older format still has saved on this device first
 * (again on every read until the file is rewritten: saving one is idempotent).
 */
async function loadKeepingSecrets(
  path: string,
  secrets: DeviceSecrets,
  keepAside: boolean,
): Promise<LoadedSettings> {
  const loaded = await loadSettingsFile(path, keepAside);
  if (Object.keys(loaded.moved.secrets).length > 0) await secrets.set(loaded.moved.secrets);
  return loaded;
}

/**
 * The counters an older format kept (usage, call counts), added to this device's right before
 * the file that held them is rewritten without them: so they are added exactly once.
 */
async function keepCounters(loaded: LoadedSettings, usage: DeviceUsage): Promise<void> {
  const { requests, calls } = loaded.moved;
  if (Object.keys(requests).length === 0 && Object.keys(calls).length === 0) return;
  const added = parseUsage(JSON.stringify({ requests, calls }));
  await usage.update((current) => withCounters(current, added));
}

/**
 * data.json is `<vault>/<config folder>/plugins/<plugin id>/data.json`; a file anywhere else
 * (tests, tools) keys the device home by its own folder.
 */
function vaultRealPathOf(settingsPath: string): string {
  const inPluginFolder = basename(resolve(settingsPath, '..', '..')) === 'plugins';
  const vault = resolve(settingsPath, ...(inPluginFolder ? ['..', '..', '..', '..'] : ['..']));
  try {
    return realpathSync(vault);
  } catch {
    return vault;
  }
}

function validateSlice<K extends SettingsSlice>(slice: K, value: unknown): Settings[K] {
  const checked: unknown = sliceSchemas()[slice](value);
  if (checked instanceof type.errors)
    throw new ToolError('invalid_config', `Invalid ${slice} settings: ${checked.summary}.`);
  return checked as Settings[K];
}

function cannotUpdate(slice: SettingsSlice, onDisk: LoadedSettings): ToolError {
  return new ToolError(
    'invalid_config',
    onDisk.unreadable
      ? 'data.json is not valid JSON, so it is not changed. Fix or remove it first.'
      : `The ${slice} settings in data.json are invalid, so they are not changed. Fix them in the file first (${onDisk.problem ?? ''}).`,
  );
}

function lockPathOf(path: string): string {
  return `${path}.lock`;
}

/**
 * Which version of the file is on disk: an atomic write always gives a new inode. Synchronous:
 * it runs before every request, and a local `stat` costs about 2 us where the promise
 * version cost 36-44 us (scripts/bench/read-path.ts, docs/performance.md).
 */
function signatureOf(path: string): string {
  try {
    const stats = statSync(path, { bigint: true });
    return `${stats.ino}:${stats.size}:${stats.mtimeNs}`;
  } catch {
    return 'missing';
  }
}

/** The whole file: valid slices as they are now, invalid ones exactly as the file had them. */
async function writeSettings(
  path: string,
  loaded: LoadedSettings,
  changed: Partial<Settings>,
): Promise<void> {
  const valid = Object.fromEntries(
    Object.entries(loaded.settings).filter(
      ([key]) => !loaded.invalid.includes(key as SettingsSlice),
    ),
  );
  const file = { ...loaded.raw, ...valid, ...changed };
  await writeFileAtomic(path, `${JSON.stringify(file, null, 2)}\n`);
}
