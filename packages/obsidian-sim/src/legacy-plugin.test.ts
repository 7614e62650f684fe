/**
 * The plugin's old id (LEGACY_PLUGIN_ID, ADR-0035) enabled beside the built main.js: the start
 * says so in a notice that stays and names what to do; with only the new plugin, no such notice.
 */
import { afterAll, afterEach, beforeAll, expect, test } from 'bun:test';
import { LEGACY_PLUGIN_ID } from '@mcp-connector/shared/product-names';
import { loadPlugin, type LoadedPlugin } from './load-plugin.ts';
import { buildMainJs, type BuiltPlugin } from './test-support/built-plugin.ts';
import { makeSimVault, type SimVault } from './test-support/sim-vault.ts';

let built: BuiltPlugin;
let vault: SimVault | null = null;
let loaded: LoadedPlugin | null = null;

// The build takes seconds on a loaded machine.
beforeAll(async () => {
  built = await buildMainJs();
}, 120_000);
afterAll(() => built.remove());
afterEach(async () => {
  await loaded?.unload();
  loaded = null;
  await vault?.remove();
  vault = null;
});

async function load(enabledPlugins: string[]): Promise<LoadedPlugin> {
  vault = await makeSimVault({ 'Note.md': '# Note\n' });
  loaded = await loadPlugin({ vault: vault.root, mainJs: built.mainJs, enabledPlugins });
  await loaded.waitForNotice(/serving at/);
  return loaded;
}

test('with the old plugin enabled too, a notice says to disable it', async () => {
  const plugin = await load([LEGACY_PLUGIN_ID]);
  const notice = plugin.notices.find((text) => text.includes(LEGACY_PLUGIN_ID)) ?? '';
  expect(notice).toContain('The old MCP Connector plugin (mcp-connector) is also enabled');
  expect(notice).toContain('disable MCP Connector in Settings → Community plugins');
});

test('with only this plugin, nothing is said about the old one', async () => {
  const plugin = await load(['dataview']);
  expect(plugin.notices.some((text) => text.includes(LEGACY_PLUGIN_ID))).toBe(false);
});
