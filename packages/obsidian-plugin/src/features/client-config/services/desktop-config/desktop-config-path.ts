/**
 * Where Claude Desktop keeps claude_desktop_config.json (and other desktop apps their settings):
 * macOS
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

const THIS_MACHINE: DesktopEnvironment = {
  platform: process.platform,
  home: homedir(),
  env: process.env,
};

export function desktopConfigPath(environment: DesktopEnvironment = THIS_MACHINE): string {
  return appDataPath(environment, 'Claude', FILE);
}

/** Where Claude Desktop unpacks the extensions (.mcpb bundles) installed in it. */
export function desktopExtensionsPath(environment: DesktopEnvironment = THIS_MACHINE): string {
  return appDataPath(environment, 'Claude', 'Claude Extensions');
}

/**
 * A path in the folder desktop apps keep their settings in (Electron's appData): Application
 * Support on macOS, %APPDATA% on Windows, $XDG_CONFIG_HOME or ~/.config elsewhere.
 */
export function appDataPath(environment: DesktopEnvironment, ...parts: string[]): string {
  const { platform, home, env } = environment;
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', ...parts);
  if (platform === 'win32')
    return win32.join(env.APPDATA ?? win32.join(home, 'AppData', 'Roaming'), ...parts);
  return join(env.XDG_CONFIG_HOME ?? join(home, '.config'), ...parts);
}
