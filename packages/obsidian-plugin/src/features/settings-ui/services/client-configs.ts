/**
 * What access control offers per token: one "Copy config" entry per snippet of every client
 * client-config knows (CLIENTS), the install links of the clients that take one, the token's .mcpb bundle for Claude Desktop, and which token
 * keeps Claude Desktop's config in sync. Built here, in the service, so the components stay free
 * of the generators' Node dependencies; they get ids, labels and plain data.
 */
import type { Settings, TokenRecord } from '@mcp-connector/shared';
import {
  CLIENTS,
  buildMcpb,
  clientSnippets,
  installLinks,
  mcpbFileName,
  syncDesktopConfig,
  unsyncDesktopConfig,
  type BundleTarget,
  type ClientContext,
  type VaultTarget,
} from '../../client-config/index.ts';
import type { SettingsStore } from '../../settings/index.ts';
import type { ClientConfigChoice, DesktopSyncView, InstallLinkView } from './settings-api.ts';

/** Where the plugin lives, for a bundle: the vault folder, the plugin's folder name, its version. */
export interface PluginPlace {
  vaultPath: string;
  pluginId: string;
  version: string;
}

const PLACEHOLDER: ClientContext = { url: 'http://127.0.0.1:1/mcp', secret: '-', serverName: '-' };

/** `claude-code:0` is the Claude Code command (the palette copies it). */
export const CLAUDE_CODE_COMMAND = 'claude-code:0';

export const CLIENT_CONFIG_CHOICES: readonly ClientConfigChoice[] = CLIENTS.flatMap((client) =>
  client.snippets(PLACEHOLDER).map((snippet, index) => ({
    id: `${client.id}:${index}`,
    label: `${client.name}: ${snippet.title}`,
  })),
);

/** The text of one config for this context; throws for an unknown id. */
export function clientConfigText(id: string, context: ClientContext): string {
  const [clientId = '', index = ''] = id.split(':');
  const snippet = clientSnippets(clientId, context)[Number(index)];
  if (snippet === undefined) throw new Error(`No client config "${id}".`);
  return snippet.text;
}

/** A token's install links while the server serves at `url` (none while it is stopped). */
export function installLinkViews(
  url: string | null,
  secret: string,
  serverName: string,
): InstallLinkView[] {
  if (url === null) return [];
  return installLinks({ url, secret, serverName }).map(({ label, url: link }) => ({
    label,
    url: link,
  }));
}

export async function mcpbFor(
  token: Pick<TokenRecord, 'id' | 'label'>,
  place: PluginPlace,
  vault: { vaultName: string; configDir: string },
): Promise<{ fileName: string; bytes: Uint8Array }> {
  const target: BundleTarget = {
    vaultPath: place.vaultPath,
    vaultName: vault.vaultName,
    configDir: vault.configDir,
    pluginId: place.pluginId,
    tokenId: token.id,
    tokenLabel: token.label,
    version: place.version,
  };
  return { fileName: mcpbFileName(target), bytes: await buildMcpb(target) };
}

/** `configPath` null: no sync here (no plugin folder, or no Desktop config path). */
export function desktopSyncView(
  settings: Settings,
  serverName: string,
  configPath: string | null,
): DesktopSyncView {
  const owner = settings.clientConfig.desktop;
  return {
    available: configPath !== null,
    ownerTokenId: owner?.tokenId ?? null,
    entryName: owner?.entryName ?? serverName,
    configPath,
  };
}

/** Syncs the token (moving the entry from the previous owner), or with null removes the entry. */
export async function desktopSync(
  store: SettingsStore,
  tokenId: string | null,
  vault: VaultTarget,
  configPath: string,
): Promise<string> {
  if (tokenId !== null) return (await syncDesktopConfig(store, tokenId, vault, configPath)).message;
  const removed = await unsyncDesktopConfig(store, configPath);
  return removed?.message ?? 'Claude Desktop was not kept in sync with any token.';
}
