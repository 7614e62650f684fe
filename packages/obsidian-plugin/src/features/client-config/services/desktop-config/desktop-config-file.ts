/**
 * Editing claude_desktop_config.json without losing anything: the file is parsed, one entry of
 * `mcpServers` is set or removed, and everything else (other servers, other settings, their
 * order) is written back as it was. The previous file is copied to `.backup` before each
 * rewrite, the new one lands atomically, and a file that is not a JSON object is never touched:
 * the user is told to fix it.
 */
import { ToolError, writeFileAtomic } from '@mcp-connector/shared';
import { copyFile, readFile } from 'node:fs/promises';
import { BUNDLE_ENV } from '../../shim/bundle-env.ts';
import { isRecord } from '@mcp-connector/shared/is-record';

export type DesktopEdit = 'written' | 'unchanged' | 'removed' | 'absent';

export function setDesktopEntry(path: string, name: string, entry: unknown): Promise<DesktopEdit> {
  return edit(path, (servers) => {
    if (JSON.stringify(servers[name]) === JSON.stringify(entry)) return 'unchanged';
    servers[name] = entry;
    return 'written';
  });
}

/**
 * Removes the entry `name` when it runs as `tokenId` (the token that owns it): an entry of that
 * name that another vault wrote since is not this vault's to remove.
 */
export function removeDesktopEntry(
  path: string,
  name: string,
  tokenId: string,
): Promise<DesktopEdit> {
  return edit(path, (servers) => {
    if (!(name in servers) || desktopEntryEnv(servers[name])[BUNDLE_ENV.tokenId] !== tokenId)
      return 'absent';
    delete servers[name];
    return 'removed';
  });
}

/** The env an entry runs with ({} when it has none): the shim's vault and token id. */
export function desktopEntryEnv(entry: unknown): Record<string, unknown> {
  const env = isRecord(entry) ? entry.env : undefined;
  return isRecord(env) ? env : {};
}

/** The entries of `mcpServers` now in the file ({} when there is no file). */
export async function readDesktopServers(path: string): Promise<Record<string, unknown>> {
  const config = await readConfig(path);
  return (config?.mcpServers as Record<string, unknown> | undefined) ?? {};
}

async function edit(
  path: string,
  change: (servers: Record<string, unknown>) => DesktopEdit,
): Promise<DesktopEdit> {
  const existing = await readConfig(path);
  const config = existing ?? {};
  const servers = (config.mcpServers ?? {}) as Record<string, unknown>;
  const outcome = change(servers);
  if (outcome === 'unchanged' || outcome === 'absent') return outcome;
  config.mcpServers = servers;
  if (existing !== null) await copyFile(path, `${path}.backup`);
  await writeFileAtomic(path, `${JSON.stringify(config, null, 2)}\n`);
  return outcome;
}

async function readConfig(path: string): Promise<Record<string, unknown> | null> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  if (text.trim() === '') return null;
  let config: unknown;
  try {
    config = JSON.parse(text);
  } catch (error) {
    throw invalid(`it is not valid JSON (${(error as Error).message})`);
  }
  if (!isRecord(config)) throw invalid('it is not a JSON object');
  if (config.mcpServers !== undefined && !isRecord(config.mcpServers))
    throw invalid('its "mcpServers" is not an object');
  return config;
}

function invalid(why: string): ToolError {
  return new ToolError(
    'invalid_config',
    `claude_desktop_config.json was left as it is because ${why}. Fix the file (Claude Desktop: Settings, Developer, Edit Config) or move it away, then sync again.`,
  );
}
