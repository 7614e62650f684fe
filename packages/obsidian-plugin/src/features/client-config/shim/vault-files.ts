/**
 * What a connection reads at connect time: data.json in the vault's plugin folder (is the token
 * still there, and a fixed port if the user set one), the token's secret from this device's
 * secrets file, and live-server.json, which a running server writes after it binds and removes
 * when it stops, both in the vault's device home (ADR-0033, ADR-0009). Read on every request, so
 * a regenerated secret or a new port needs no new export. A token id that is not in data.json
 * fails closed: there is never a fallback to another token.
 */
import { existsSync, realpathSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { deviceHomeOf, type VaultDeviceHome } from '@mcp-connector/shared/device-home';
import { readDeviceSecrets } from '@mcp-connector/shared/device-secrets';
import { processIsAlive } from '@mcp-connector/shared/process-alive';
import { LEGACY_PLUGIN_ID, PRODUCT_NAMES } from '@mcp-connector/shared/product-names';
import { isProofKey } from '@mcp-connector/shared/server-proof';
import { isRecord } from '@mcp-connector/shared/is-record';
import { failure, type LocalFailure } from './local-errors.ts';

export const SETTINGS_FILE = 'data.json';

/** What live-server.json holds. */
export interface LiveServer {
  port: number;
  /** The serving process, so a file left by a crash can be told from a running server. */
  pid: number;
  /** The serving host's kind: `plugin` (Obsidian) or `headless`. */
  host: string;
  startedAt: string;
  /** This start's key, by which a relay checks the server before sending a secret (ADR-0042). */
  proofKey: string | null;
}

export interface VaultLocation {
  vault: string;
  configDir: string;
  pluginId: string;
}

export function pluginFolderOf(location: VaultLocation): string {
  return join(location.vault, location.configDir, 'plugins', location.pluginId);
}

/**
 * Where the settings are: a bundle made before the rename names the old plugin id (ADR-0035);
 * once the renamed plugin has its own data.json, that is the one kept current.
 */
export function settingsFileOf(location: VaultLocation): string {
  const named = join(pluginFolderOf(location), SETTINGS_FILE);
  if (location.pluginId !== LEGACY_PLUGIN_ID) return named;
  const renamed = join(
    pluginFolderOf({ ...location, pluginId: PRODUCT_NAMES.pluginId }),
    SETTINGS_FILE,
  );
  return existsSync(renamed) ? renamed : named;
}

/** The vault's device home on this computer (its real path names it). */
export function deviceHomeFor(location: Pick<VaultLocation, 'vault'>): VaultDeviceHome {
  let vault = location.vault;
  try {
    vault = realpathSync(vault);
  } catch {
    // Gone or unreadable: reading data.json below says so.
  }
  return deviceHomeOf(vault);
}

export interface TokenAccess {
  secret: string;
  /** The port the user fixed in the settings, or null for the automatic range. */
  fixedPort: number | null;
}

/**
 * The token's secret and the fixed port: the token must be in data.json's text; its secret is
 * this device's (or, in a file not yet migrated, the one data.json still holds).
 */
export function tokenAccessFrom(
  settingsText: string,
  tokenId: string,
  deviceSecrets: Record<string, string>,
): TokenAccess | LocalFailure {
  let settings: unknown;
  try {
    settings = JSON.parse(settingsText);
  } catch {
    return failure('settings_unreadable', 'data.json is not valid JSON');
  }
  const record = isRecord(settings) ? settings : {};
  const tokens = Array.isArray(record.tokens) ? (record.tokens as unknown[]) : [];
  const token = tokens.find((entry) => isRecord(entry) && entry.id === tokenId);
  if (!isRecord(token)) return failure('token_unknown', `token id ${tokenId} is not in data.json`);
  const legacy = typeof token.secret === 'string' && token.secret !== '' ? token.secret : null;
  const secret = deviceSecrets[tokenId] ?? legacy;
  if (secret === null)
    return failure('secret_elsewhere', `token id ${tokenId} has no secret on this device`);
  const transport = isRecord(record.transport) ? record.transport : {};
  const fixedPort = isPort(transport.port) ? transport.port : null;
  return { secret, fixedPort };
}

export function liveServerFrom(text: string): LiveServer | null {
  try {
    const value: unknown = JSON.parse(text);
    if (!isRecord(value) || !isPort(value.port) || !Number.isInteger(value.pid)) return null;
    return {
      port: value.port,
      pid: value.pid as number,
      host: typeof value.host === 'string' ? value.host : 'unknown',
      startedAt: typeof value.startedAt === 'string' ? value.startedAt : '',
      proofKey: isProofKey(value.proofKey) ? value.proofKey : null,
    };
  } catch {
    return null;
  }
}

export async function readTokenAccess(
  location: VaultLocation,
  tokenId: string,
): Promise<TokenAccess | LocalFailure> {
  try {
    const text = await readFile(settingsFileOf(location), 'utf8');
    return tokenAccessFrom(text, tokenId, readDeviceSecrets(deviceHomeFor(location).secrets));
  } catch (error) {
    return failure('settings_unreadable', (error as NodeJS.ErrnoException).code ?? 'unreadable');
  }
}

/** The server live-server.json names, or null (no file, or one a crashed process left). */
export async function readLiveServer(path: string): Promise<LiveServer | null> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch {
    return null;
  }
  const live = liveServerFrom(text);
  return live !== null && processIsAlive(live.pid) ? live : null;
}

function isPort(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 65535;
}
