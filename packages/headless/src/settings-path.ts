import { join } from 'node:path';
import manifest from '../../../manifest.json' with { type: 'json' };

/** The vault's data.json, which headless shares with the plugin. */
export function settingsPathOf(vault: string, configDir = '.obsidian'): string {
  return join(vault, configDir, 'plugins', manifest.id, 'data.json');
}
