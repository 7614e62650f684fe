/**
 * The device-local home of a vault (ADR-0033): where everything that belongs to this device and
 * not to the notes lives, outside the vault, so that syncing the vault carries none of it. The
 * plugin, the headless CLI, the .mcpb shim and the Python bridge (scripts/mcp-stdio-bridge.py,
 * `device_home`, which a test holds to the same answers) all place files through this module.
 *
 * - state (kept; not re-creatable): token secrets, live-server.json, usage, the change journal,
 *   and the hashes of models trusted on first use (ADR-0053).
 *   Linux and the rest: $XDG_STATE_HOME, else ~/.local/state; macOS: ~/Library/Application
 *   Support; Windows: %LOCALAPPDATA%\local-mcp-server\state.
 * - cache (re-created when gone): the metadata cache and text store, the semantic index, and the
 *   models, which every vault of the device shares. $XDG_CACHE_HOME, else ~/.cache;
 *   ~/Library/Caches; %LOCALAPPDATA%\local-mcp-server\cache.
 *
 * A vault's folder is `vaults/<name>-<hash>`: the first 16 hex digits of SHA-256 over its real
 * path (NFC), and its folder name made safe, for people to read. Node built-ins only (the shim is
 * bundled without dependencies); paths are joined with the target platform's separator, as
 * written, so that any platform's answer can be computed (and compared) on any other.
 */
import { createHash } from 'node:crypto';
import { homedir } from 'node:os';
import { PRODUCT_NAMES } from './product-names.ts';

export const APP_FOLDER = PRODUCT_NAMES.pluginId;

export interface Device {
  platform: string;
  env: Record<string, string | undefined>;
  /** The home folder when the environment names none (HOME, or USERPROFILE on Windows). */
  homedir: string;
}

/** The device this process runs on. */
export function thisDevice(): Device {
  return { platform: process.platform, env: process.env, homedir: homedir() };
}

export interface VaultDeviceHome {
  /** The vault's state folder. */
  state: string;
  /** The vault's cache folder. */
  cache: string;
  /** The models every vault of the device shares. */
  models: string;
  /** Token secrets by token id (mode 0600). */
  secrets: string;
  /** Which server serves the vault on this device (ADR-0009). */
  liveServer: string;
  /** Requests per token, calls per tool, promotions earned by use. */
  usage: string;
  /** The change journal, its before-images and idempotency records. */
  changeJournal: string;
  /** The headless metadata cache (notes.bin) and text store. */
  metadataCache: string;
  semanticIndex: string;
  /** The script a claude_desktop_config.json entry runs (the stdio shim). */
  desktopShim: string;
}

export function deviceHomeOf(
  realVaultPath: string,
  device: Device = thisDevice(),
): VaultDeviceHome {
  const roots = deviceRoots(device);
  const sep = separatorOf(device.platform);
  const folder = vaultFolderName(realVaultPath, device.platform);
  const state = joined(sep, roots.state, 'vaults', folder);
  const cache = joined(sep, roots.cache, 'vaults', folder);
  return {
    state,
    cache,
    models: roots.models,
    secrets: joined(sep, state, 'secrets.json'),
    liveServer: joined(sep, state, 'live-server.json'),
    usage: joined(sep, state, 'usage.json'),
    changeJournal: joined(sep, state, 'change-journal'),
    metadataCache: joined(sep, cache, 'metadata-cache'),
    semanticIndex: joined(sep, cache, 'semantic-index'),
    desktopShim: joined(sep, state, 'claude-desktop-shim.cjs'),
  };
}

export interface DeviceRoots {
  state: string;
  cache: string;
  /** The models every vault of the device shares. */
  models: string;
  /** The SHA-256 of first downloads of models trusted on first use (state: kept). */
  modelTrust: string;
}

/** The application's state and cache folders on this device (shared by all its vaults). */
export function deviceRoots(device: Device): DeviceRoots {
  const { state, cache } = appRoots(device);
  const sep = separatorOf(device.platform);
  return {
    state,
    cache,
    models: joined(sep, cache, 'models'),
    modelTrust: joined(sep, state, 'model-trust'),
  };
}

function appRoots(device: Device): { state: string; cache: string } {
  const { platform, env } = device;
  const sep = separatorOf(platform);
  const home = homeOf(device);
  if (platform === 'win32') {
    const local = absolute(env.LOCALAPPDATA, platform) ?? joined(sep, home, 'AppData', 'Local');
    return {
      state: joined(sep, local, APP_FOLDER, 'state'),
      cache: joined(sep, local, APP_FOLDER, 'cache'),
    };
  }
  if (platform === 'darwin')
    return {
      state: joined(sep, home, 'Library', 'Application Support', APP_FOLDER),
      cache: joined(sep, home, 'Library', 'Caches', APP_FOLDER),
    };
  const state = absolute(env.XDG_STATE_HOME, platform) ?? joined(sep, home, '.local', 'state');
  const cache = absolute(env.XDG_CACHE_HOME, platform) ?? joined(sep, home, '.cache');
  return { state: joined(sep, state, APP_FOLDER), cache: joined(sep, cache, APP_FOLDER) };
}

/** `<name>-<hash>`: the hash tells vaults apart, the name tells people which one it is. */
export function vaultFolderName(realVaultPath: string, platform: string): string {
  const path = realVaultPath.normalize('NFC');
  const hash = createHash('sha256').update(path, 'utf8').digest('hex').slice(0, 16);
  const base =
    path
      .split(platform === 'win32' ? /[\\/]/ : /\//)
      .filter(Boolean)
      .pop() ?? '';
  const name = base
    .replace(/[^A-Za-z0-9_-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 32);
  return `${name || 'vault'}-${hash}`;
}

function homeOf(device: Device): string {
  const named = device.platform === 'win32' ? device.env.USERPROFILE : device.env.HOME;
  return absolute(named, device.platform) ?? device.homedir;
}

/** XDG: a relative path in these variables is invalid and is ignored. */
function absolute(value: string | undefined, platform: string): string | undefined {
  if (value === undefined || value === '') return undefined;
  const isAbsolute =
    platform === 'win32' ? /^([A-Za-z]:[\\/]|[\\/]{2})/.test(value) : value.startsWith('/');
  return isAbsolute ? value : undefined;
}

function separatorOf(platform: string): string {
  return platform === 'win32' ? '\\' : '/';
}

function joined(sep: string, base: string, ...parts: string[]): string {
  const trimmed = base.length > 1 ? base.replace(/[\\/]+$/, '') : base;
  return [trimmed === sep ? '' : trimmed, ...parts].join(sep);
}
