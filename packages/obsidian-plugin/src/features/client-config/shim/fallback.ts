/**
 * The bundle's fallback (ADR-0047): when no server of the vault runs (Obsidian closed, no headless
 * server), the bundle starts the vault's background server from the headless CLI it carries, the
 * same one `serve --stdio` starts, and relays to it. The server outlives the client, serves every
 * next one (a .mcpb, `serve --stdio`, Claude Code's relay) from one index, hands over to Obsidian
 * when the vault opens there, and exits by itself once idle. A token that is not in data.json
 * starts nothing: the relay reports it (fail closed).
 */
import { isAbsolute, join } from 'node:path';
import { backgroundLaunchOf, type BackgroundLaunch } from './background-server.ts';
import type { BundleConfig } from './bundle-env.ts';

/** The bundled CLI as the vault's background server, on the Node that runs this shim. */
export function bundledServerLaunch(
  config: Pick<BundleConfig, 'vault'>,
  fallbackCli: string,
  shimFolder: string,
): BackgroundLaunch {
  const cli = isAbsolute(fallbackCli) ? fallbackCli : join(shimFolder, fallbackCli);
  return backgroundLaunchOf(cli, config.vault);
}
