/**
 * Where Claude Desktop keeps claude_desktop_config.json: macOS
 * ~/Library/Application Support/Claude, Windows %APPDATA%\Claude, Linux (community builds)
 * $XDG_CONFIG_HOME/Claude or ~/.config/Claude.
 * https://modelcontextprotocol.io/docs/develop/connect-local-servers
 */
import { homedir } from 'node:os';
import { join, win32 } from 'node:path';

export interface DesktopEnvironment {
  platform: NodeJS.Platform;
  home: string;
  env: Record<string, string | undefined>;
}

const FILE = 'claude_desktop_config.json';

export function desktopConfigPath(
  environment: DesktopEnvironment = {
    platform: process.platform,
    home: homedir(),
    env: process.env,
  },
): string {
  const { platform, home, env } = environment;
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', 'Claude', FILE);
  if (platform === 'win32')
    return win32.join(env.APPDATA ?? win32.join(home, 'AppData', 'Roaming'), 'Claude', FILE);
  return join(env.XDG_CONFIG_HOME ?? join(home, '.config'), 'Claude', FILE);
}
