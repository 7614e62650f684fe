/**
 * The relay's token through the settings, for a vault whose data.json does not name it (ADR-0054):
 * a vault no server has opened yet gets its Default token, as over HTTP, so `--token Default`
 * works on it; otherwise findToken's refusal. Loaded only then: the settings load ArkType.
 */
import { SettingsStore } from '@mcp-connector/obsidian-plugin/settings';
import { ensureDefaultToken, findToken } from '@mcp-connector/obsidian-plugin/tool-policy';
import type { TokenRecord } from '@mcp-connector/shared';
import { settingsPathOf } from './settings-path.ts';

export async function settledToken(vault: string, token: string): Promise<TokenRecord> {
  const settings = await SettingsStore.open(settingsPathOf(vault));
  try {
    if (settings.refusal !== null)
      throw new Error(
        `Nothing is served while the settings cannot be trusted: ${settings.refusal}`,
      );
    await ensureDefaultToken(settings);
    return findToken(settings.current, token);
  } finally {
    settings.close();
  }
}
