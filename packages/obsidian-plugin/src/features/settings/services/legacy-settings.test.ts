import { afterEach, beforeEach, describe, expect, test } from 'bun:test';
import {
  LEGACY_PLUGIN_ID,
  PRODUCT_NAMES,
  defaultSettings,
  newToken,
  recordOf,
} from '@mcp-connector/shared';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { legacySettingsPathOf } from './legacy-settings.ts';
import { SettingsStore } from './settings-store.ts';

let plugins: string;
beforeEach(async () => {
  plugins = join(await mkdtemp(join(tmpdir(), 'legacy-settings-')), '.obsidian', 'plugins');
});
afterEach(() => rm(join(plugins, '..', '..'), { recursive: true, force: true }));

const ours = () => join(plugins, PRODUCT_NAMES.pluginId, 'data.json');
const legacy = () => join(plugins, LEGACY_PLUGIN_ID, 'data.json');

async function writeLegacy(settings: object): Promise<string> {
  const text = `${JSON.stringify(settings, null, 2)}\n`;
  await mkdir(join(plugins, LEGACY_PLUGIN_ID), { recursive: true });
  await writeFile(legacy(), text);
  return text;
}

describe('settings of the plugin before its rename', () => {
  test('are adopted when the renamed plugin has none: tokens and every slice, the old file kept', async () => {
    const token = recordOf(newToken('Claude Desktop'));
    const text = await writeLegacy({
      ...defaultSettings(),
      tokens: [token],
      hiddenFolders: ['Private'],
    });
    const store = await SettingsStore.open(ours());
    expect(store.current.tokens).toEqual([token]);
    expect(store.current.hiddenFolders).toEqual(['Private']);
    expect(await readFile(ours(), 'utf8')).toBe(text);
    expect(await readFile(legacy(), 'utf8')).toBe(text);
  });

  test('never replace settings the renamed plugin already has', async () => {
    await writeLegacy({ ...defaultSettings(), hiddenFolders: ['Old'] });
    const store = await SettingsStore.open(ours());
    await store.updateSlice('hiddenFolders', () => ['New']);
    await writeLegacy({ ...defaultSettings(), hiddenFolders: ['Changed by the old plugin'] });
    expect((await SettingsStore.open(ours())).current.hiddenFolders).toEqual(['New']);
  });

  test('are looked for only beside the renamed plugin folder', () => {
    expect(legacySettingsPathOf(ours())).toBe(legacy());
    expect(legacySettingsPathOf(join(plugins, 'another-plugin', 'data.json'))).toBeNull();
  });

  test('nothing to adopt: defaults, and no file written', async () => {
    const store = await SettingsStore.open(ours());
    expect(store.current).toEqual(defaultSettings());
    expect(await readFile(ours(), 'utf8').catch(() => 'missing')).toBe('missing');
  });
});
