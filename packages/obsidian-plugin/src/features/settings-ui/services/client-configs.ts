/**
 * What a token row offers: one "Copy config" entry per snippet of every client client-config
 * knows (CLIENTS), and the token's .mcpb bundle for Claude Desktop. Built here, in the service,
 * so the components stay free of the generators' Node dependencies; they get ids and labels.
 */
import type { TokenRecord } from '@mcp-connector/shared';
import {
  CLIENTS,
  buildMcpb,
  clientSnippets,
  mcpbFileName,
  type BundleTarget,
  type ClientContext,
} from '../../client-config/index.ts';
import type { ClientConfigChoice } from './settings-api.ts';

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

export function mcpbFor(
  token: TokenRecord,
  place: PluginPlace,
  vault: { vaultName: string; configDir: string },
): { fileName: string; bytes: Uint8Array } {
  const target: BundleTarget = {
    vaultPath: place.vaultPath,
    vaultName: vault.vaultName,
    configDir: vault.configDir,
    pluginId: place.pluginId,
    tokenId: token.id,
    tokenLabel: token.label,
    version: place.version,
  };
  return { fileName: mcpbFileName(target), bytes: buildMcpb(target) };
}
