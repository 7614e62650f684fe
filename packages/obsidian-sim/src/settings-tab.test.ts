/**
 * renderSettings, commands and plugin data, proven with a tiny plugin bundled in the test: the tab
 * renders Obsidian's setting-item layout, its controls work and save through saveData, and a
 * command runs from the palette. Then the built main.js's own tab (features/settings-ui).
 */
import { afterAll, afterEach, beforeAll, expect, test } from 'bun:test';
import { waitForValue } from '@mcp-connector/shared/test-support';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { loadPlugin, type LoadedPlugin } from './load-plugin.ts';
import type { BuiltPlugin } from './test-support/built-plugin.ts';
import { makeSimVault, type SimVault } from './test-support/sim-vault.ts';
import { buildTinyPlugin } from './test-support/tiny-plugin/build.ts';

let tiny: BuiltPlugin;
let vault: SimVault | null = null;
let loaded: LoadedPlugin | null = null;

beforeAll(async () => {
  tiny = await buildTinyPlugin();
});
afterAll(() => tiny.remove());
afterEach(async () => {
  await loaded?.unload();
  loaded = null;
  await vault?.remove();
  vault = null;
});

async function loadTiny(): Promise<LoadedPlugin> {
  vault = await makeSimVault({ 'Note.md': '# Note\n' });
  loaded = await loadPlugin({ vault: vault.root, mainJs: tiny.mainJs });
  return loaded;
}

test("renders the registered tab's display() in Obsidian's setting layout", async () => {
  const plugin = await loadTiny();
  const tab = await plugin.renderSettings();
  expect(tab.classList.contains('vertical-tab-content')).toBe(true);
  const names = [...tab.querySelectorAll('.setting-item-name')].map((el) => el.textContent);
  expect(names).toEqual(['Tiny', 'Enabled', 'Name', '']);
  expect(tab.querySelector('.setting-item-heading')?.textContent).toBe('Tiny');
  expect(tab.querySelector('.setting-item-description')?.textContent).toBe('');
  expect(tab.querySelectorAll('.setting-item-description')[1]?.textContent).toBe(
    'Turns the tiny plugin on.',
  );
  expect(tab.querySelector('button.mod-cta')?.textContent).toBe('Greet');
});

test('its controls work: a toggle and a text field save through saveData, a button acts', async () => {
  const plugin = await loadTiny();
  const tab = await plugin.renderSettings();
  const toggle = tab.querySelector<HTMLElement>('.checkbox-container');
  toggle?.click();
  expect(toggle?.classList.contains('is-enabled')).toBe(true);
  const input = tab.querySelector<HTMLInputElement>('input[type="text"]');
  if (input === null) throw new Error('no text field');
  input.value = 'Ada';
  input.dispatchEvent(
    new (input.ownerDocument.defaultView as unknown as { Event: typeof Event }).Event('input'),
  );
  tab.querySelector<HTMLButtonElement>('button.mod-cta')?.click();
  expect(plugin.notices).toContain('Greeted');
  const dataPath = join(vault?.root ?? '', '.obsidian/plugins/tiny/data.json');
  // saveData is async behind the change handlers: wait for the file to hold both values.
  const saved = await waitForValue(async () => {
    const data: unknown = JSON.parse(await readFile(dataPath, 'utf8').catch(() => 'null'));
    return (data as { name?: string } | null)?.name === 'Ada' ? data : undefined;
  }, 'data.json to hold the typed name');
  expect(saved).toEqual({ enabled: true, name: 'Ada' });
});

test('a registered command is listed with its full id and runs from the palette', async () => {
  const plugin = await loadTiny();
  expect(plugin.commands).toEqual([{ id: 'tiny:say-hello', name: 'Tiny: Say hello' }]);
  expect(plugin.runCommand('say-hello')).toBe(true);
  expect(plugin.runCommand('tiny:say-hello')).toBe(true);
  expect(plugin.notices.filter((text) => text === 'Hello, ')).toHaveLength(2);
});

test('unload removes what the plugin registered', async () => {
  const plugin = await loadTiny();
  const { app } = plugin;
  await plugin.unload();
  loaded = null;
  expect(app.commands.listCommands()).toEqual([]);
  expect(app.setting.pluginTabs).toEqual([]);
});

// It builds main.js first: seconds on a loaded machine.
test("the built main.js's settings tab renders its eight sections over the live server", async () => {
  vault = await makeSimVault({});
  const { buildMainJs } = await import('./test-support/built-plugin.ts');
  const built = await buildMainJs();
  try {
    loaded = await loadPlugin({ vault: vault.root, mainJs: built.mainJs });
    const serving = await loaded.waitForNotice(/serving at/);
    const tab = await loaded.renderSettings();
    const sections = [...tab.querySelectorAll('[data-section]')].map((section) =>
      section.getAttribute('data-section'),
    );
    expect(sections).toEqual([
      'server',
      'access',
      'tool-loading',
      'tools',
      'hidden-folders',
      'commands',
      'semantic',
      'change-journal',
    ]);
    const endpoint = tab.querySelector('[data-testid="endpoint"]')?.textContent ?? '';
    expect(serving).toBe(`Local MCP Server is serving at ${endpoint}`);
    expect(tab.querySelectorAll('[data-token-id]').length).toBe(1);
    expect(loaded.notices.some((notice) => notice.includes('Open access control'))).toBe(true);
  } finally {
    await loaded?.unload();
    loaded = null;
    await built.remove();
  }
}, 60_000);
