/**
 * The plugin was first released as `mcp-connector` and is now `local-mcp-server` (ADR-0035):
 * Obsidian keys a plugin by its id, so the renamed plugin starts in a new folder. When that
 * folder has no data.json and the old one does, the old file is copied over (atomically, as
 * every settings write) before the store reads it, so tokens, policies and hidden folders carry
 * over and every client configured before keeps its URL and token. The old file stays: the old
 * plugin may still be installed, and a copy can be undone. Plugin and headless CLI both open
 * their settings through the store, so both adopt the same way.
 */
import { LEGACY_PLUGIN_ID, PRODUCT_NAMES, writeFileAtomic } from '@mcp-connector/shared';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/** The old plugin's data.json beside the new one, when `path` is the new one's. */
export function legacySettingsPathOf(path: string): string | null {
  const folder = dirname(path);
  if (basename(folder) !== PRODUCT_NAMES.pluginId) return null;
  return join(dirname(folder), LEGACY_PLUGIN_ID, basename(path));
}

/** Copies the old plugin's settings to `path` when it has none; true when it did. */
export async function adoptLegacySettings(path: string): Promise<boolean> {
  const legacy = legacySettingsPathOf(path);
  if (legacy === null || existsSync(path)) return false;
  const text = await readFile(legacy, 'utf8').catch(() => null);
  if (text === null) return false;
  await writeFileAtomic(path, text);
  return true;
}
