/**
 * claude_desktop_config.json kept in step with one token of this vault. Syncing makes that token
 * the owner (at most one per vault: syncing another replaces it) and writes one entry that runs
 * the stdio shim with Claude Desktop's Node, the vault and the token id in its env and no secret
 * anywhere, so a regenerated secret or a new port needs no rewrite. Revoking the owner removes
 * the entry; it never points the entry at another token. Two vaults whose names give the same
 * entry name (the same folder name; names with no ASCII letters, like 日記 and メモ) get two
 * entries: the second name carries a short hash of its vault's path. An entry is removed only
 * when it still runs as its owner's token, never another vault's.
 */
import { ToolError, writeFileAtomic } from '@mcp-connector/shared';
import type { SettingsStore } from '../../../settings/index.ts';
import { STDIO_SHIM_SOURCE } from '../../generated/stdio-shim.ts';
import type { BundleTarget } from '../mcpb/bundle-target.ts';
import { shimEnvFor } from '../mcpb/shim-env.ts';
import { serverNameFor } from '../naming.ts';
import { BUNDLE_ENV } from '../../shim/bundle-env.ts';
import {
  desktopEntryEnv,
  readDesktopServers,
  removeDesktopEntry,
  setDesktopEntry,
  type DesktopEdit,
} from './desktop-config-file.ts';
import { createHash } from 'node:crypto';

/**
 * The shim a Desktop entry runs (.cjs: CommonJS whatever lies above), in the vault's device home;
 * under this name in the plugin's folder before ADR-0033.
 */
export const DESKTOP_SHIM_FILE = 'claude-desktop-shim.cjs';

export interface DesktopSyncResult {
  entryName: string;
  edit: DesktopEdit;
  /** What to tell the user. */
  message: string;
}

export type VaultTarget = Omit<BundleTarget, 'tokenId' | 'tokenLabel'>;

export async function syncDesktopConfig(
  settings: SettingsStore,
  tokenId: string,
  vault: VaultTarget,
  configPath: string,
): Promise<DesktopSyncResult> {
  const token = settings.current.tokens.find((candidate) => candidate.id === tokenId);
  if (token === undefined)
    throw new ToolError(
      'not_found',
      `No token with id ${tokenId}; list the tokens to see their ids.`,
    );
  const entryName = await freeEntryName(
    configPath,
    serverNameFor(vault.vaultName, settings.current.transport.serverName),
    vault.vaultPath,
  );
  const previous = settings.current.clientConfig.desktop;
  // On this device, not in the vault: Claude Desktop runs it here only (ADR-0033).
  const shimPath = settings.device.desktopShim;
  const entry = {
    command: 'node',
    args: [shimPath],
    env: shimEnvFor({ ...vault, tokenId: token.id, tokenLabel: token.label }),
  };
  // The config first: a file that cannot be merged leaves nothing behind, not even the shim.
  const edit = await setDesktopEntry(configPath, entryName, entry);
  await writeFileAtomic(shimPath, STDIO_SHIM_SOURCE);
  if (previous !== null && previous.entryName !== entryName)
    await removeDesktopEntry(configPath, previous.entryName, previous.tokenId);
  await settings.updateSlice('clientConfig', (current) => ({
    ...current,
    desktop: { tokenId: token.id, entryName },
  }));
  return {
    entryName,
    edit,
    message: `Claude Desktop starts "${entryName}" with the token "${token.label}"${edit === 'unchanged' ? ' (already set)' : ''}. Restart Claude Desktop to load it.`,
  };
}

/** Stops syncing: forgets the owner and removes this vault's entry. */
export async function unsyncDesktopConfig(
  settings: SettingsStore,
  configPath: string,
): Promise<DesktopSyncResult | null> {
  const owner = settings.current.clientConfig.desktop;
  return owner === null ? null : release(settings, configPath, owner.tokenId);
}

/** After a settings change: when the owning token is gone, its entry goes too. */
export async function forgetRevokedDesktopOwner(
  settings: SettingsStore,
  configPath: string,
): Promise<DesktopSyncResult | null> {
  const owner = settings.current.clientConfig.desktop;
  if (owner === null || settings.current.tokens.some((token) => token.id === owner.tokenId))
    return null;
  return release(settings, configPath, owner.tokenId);
}

/**
 * Clears the owner under the settings lock, so of several callers racing (one settings change
 * can notify twice) exactly one goes on to remove the entry and report it.
 */
async function release(
  settings: SettingsStore,
  configPath: string,
  tokenId: string,
): Promise<DesktopSyncResult | null> {
  let released: { entryName: string; tokenId: string } | null = null;
  await settings.updateSlice('clientConfig', (current) => {
    if (current.desktop?.tokenId !== tokenId) return current;
    released = current.desktop;
    return { ...current, desktop: null };
  });
  const entry = released as { entryName: string; tokenId: string } | null;
  if (entry === null) return null;
  const edit = await removeDesktopEntry(configPath, entry.entryName, entry.tokenId);
  return {
    entryName: entry.entryName,
    edit,
    message: `Removed "${entry.entryName}" from Claude Desktop's configuration; restart Claude Desktop.`,
  };
}

/** `name`, unless an entry of that name runs another vault: then `name-<hash of the path>`. */
async function freeEntryName(configPath: string, name: string, vaultPath: string) {
  const taken = (await readDesktopServers(configPath))[name];
  const takenBy = desktopEntryEnv(taken)[BUNDLE_ENV.vault];
  if (taken === undefined || takenBy === vaultPath) return name;
  const hash = createHash('sha256').update(vaultPath).digest('hex').slice(0, 6);
  return `${name}-${hash}`;
}
