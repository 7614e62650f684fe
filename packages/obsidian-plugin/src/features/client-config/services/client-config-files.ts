/**
 * Where MCP clients keep their server lists, and what an entry there says about this connector.
 * One place for the locations (per client and platform) and shapes, for every reader: the doctor
 * checks that each entry points at the live endpoint with a token that exists.
 *
 * - Claude Desktop: claude_desktop_config.json (`mcpServers`; stdio entries: the synced shim,
 *   the headless CLI, HTTP through mcp-remote), where desktopConfigPath says.
 * - Claude Code: ~/.claude.json (`mcpServers`, and `projects[<folder>].mcpServers`), and a
 *   project's .mcp.json; `type: "http"` entries with `url` and `headers`.
 * - Cursor: ~/.cursor/mcp.json and a project's .cursor/mcp.json (`mcpServers`).
 * - VS Code: the user profile's mcp.json (Code/User/mcp.json in the same app-data folder as
 *   Claude Desktop's) and a workspace's .vscode/mcp.json (`servers`).
 * Project files are looked for in the vault folder, the project a user would open there.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { BUNDLE_ENV } from '../shim/bundle-env.ts';
import { appDataPath, desktopConfigPath } from './desktop-config/desktop-config-path.ts';

export type ClientName = 'Claude Desktop' | 'Claude Code' | 'Cursor' | 'VS Code';

export interface ClientConfigPlace {
  client: ClientName;
  path: string;
  /** Where in the file the servers are: a key path such as ['mcpServers']. */
  servers: readonly string[];
  /** For ~/.claude.json: its per-project lists too. */
  perProject?: boolean;
}

export interface ClientLocations {
  home: string;
  platform: NodeJS.Platform;
  /** APPDATA and XDG_CONFIG_HOME are read. */
  env: Record<string, string | undefined>;
  /** The vault folder, where project-level files are looked for. */
  project: string;
}

/** Every place a supported client may list servers, existing or not. */
export function clientConfigPlaces(at: ClientLocations): ClientConfigPlace[] {
  return [
    { client: 'Claude Desktop', path: desktopConfigPath(at), servers: ['mcpServers'] },
    {
      client: 'Claude Code',
      path: join(at.home, '.claude.json'),
      servers: ['mcpServers'],
      perProject: true,
    },
    { client: 'Claude Code', path: join(at.project, '.mcp.json'), servers: ['mcpServers'] },
    { client: 'Cursor', path: join(at.home, '.cursor', 'mcp.json'), servers: ['mcpServers'] },
    { client: 'Cursor', path: join(at.project, '.cursor', 'mcp.json'), servers: ['mcpServers'] },
    { client: 'VS Code', path: appDataPath(at, 'Code', 'User', 'mcp.json'), servers: ['servers'] },
    { client: 'VS Code', path: join(at.project, '.vscode', 'mcp.json'), servers: ['servers'] },
  ];
}

/** One server entry, reduced to what says where it connects and as whom. */
export interface ClientServerEntry {
  client: ClientName;
  file: string;
  name: string;
  /** An HTTP endpoint, given directly or to mcp-remote. */
  url?: string;
  /** The bearer secret sent to `url`. */
  secret?: string;
  /** The command line of a stdio entry. */
  command?: string;
  args?: string[];
  /**
   * The vault and token of the stdio shim this entry runs (a synced Desktop entry, a .mcpb), and
   * the plugin folder it names when it names one.
   */
  shim?: { vault: string; tokenId: string; pluginId?: string };
}

export type ReadPlace =
  | { place: ClientConfigPlace; state: 'missing' }
  | { place: ClientConfigPlace; state: 'unreadable'; reason: string }
  | { place: ClientConfigPlace; state: 'read'; entries: ClientServerEntry[] };

export async function readClientConfig(place: ClientConfigPlace): Promise<ReadPlace> {
  let text: string;
  try {
    text = await readFile(place.path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { place, state: 'missing' };
    return { place, state: 'unreadable', reason: (error as Error).message };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { place, state: 'unreadable', reason: 'it is not valid JSON' };
  }
  const lists = [dig(json, place.servers)];
  if (place.perProject === true) {
    for (const project of Object.values(asRecord(dig(json, ['projects']))))
      lists.push(dig(project, place.servers));
  }
  const entries = lists.flatMap((list) =>
    Object.entries(asRecord(list)).map(([name, value]) => entryOf(place, name, asRecord(value))),
  );
  return { place, state: 'read', entries };
}

function entryOf(
  place: ClientConfigPlace,
  name: string,
  value: Record<string, unknown>,
): ClientServerEntry {
  const entry: ClientServerEntry = { client: place.client, file: place.path, name };
  const args = Array.isArray(value.args) ? value.args.filter(isString) : [];
  if (typeof value.command === 'string') Object.assign(entry, { command: value.command, args });
  const url = typeof value.url === 'string' ? value.url : args.find(isLoopbackUrl);
  if (url !== undefined) entry.url = url;
  const secret = bearerIn(asRecord(value.headers)) ?? bearerInArgs(args);
  if (secret !== undefined) entry.secret = secret;
  const env = asRecord(value.env);
  const [vault, tokenId] = [env[BUNDLE_ENV.vault], env[BUNDLE_ENV.tokenId]];
  const pluginId = env[BUNDLE_ENV.pluginId];
  if (isString(vault) && isString(tokenId))
    entry.shim = { vault, tokenId, ...(isString(pluginId) && { pluginId }) };
  return entry;
}

const BEARER = /^\s*Authorization\s*:\s*Bearer\s+(\S+)\s*$/i;

function bearerIn(headers: Record<string, unknown>): string | undefined {
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() === 'authorization' && typeof value === 'string')
      return /^\s*Bearer\s+(\S+)\s*$/i.exec(value)?.[1];
  }
  return undefined;
}

/** mcp-remote's `--header "Authorization: Bearer X"` (or `--header Authorization:${VAR}`). */
function bearerInArgs(args: readonly string[]): string | undefined {
  for (const arg of args) {
    const match = BEARER.exec(arg);
    if (match !== null) return match[1];
  }
  return undefined;
}

function isLoopbackUrl(text: string): boolean {
  return /^https?:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?\//i.test(text);
}

function dig(value: unknown, keys: readonly string[]): unknown {
  return keys.reduce<unknown>((current, key) => asRecord(current)[key], value);
}

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

function isString(value: unknown): value is string {
  return typeof value === 'string';
}
