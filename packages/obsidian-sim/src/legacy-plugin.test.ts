/**
 * The plugin's old id (LEGACY_PLUGIN_ID, ADR-0035) enabled beside the built main.js: the start
 * says so in a notice that stays and names what to do; with only the new plugin, no such notice.
 */
import { expect, test } from 'bun:test';
import { LEGACY_PLUGIN_ID } from '@mcp-connector/shared/product-names';
import { servingBuiltPlugin } from './test-support/serving-plugin.ts';

const plugins = servingBuiltPlugin();
const load = (enabledPlugins: string[]) => plugins.serve({ enabledPlugins });

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
