/**
 * The built main.js's settings in Obsidian's settings search: on 1.13 and later its tab registers
 * one definition per section, every row of the tab is named by one of them, the search finds a
 * row's section, and the sections Obsidian draws from the definitions are the tab; on 1.12 the
 * same tab comes from display() and nothing is registered (and nothing newer is called).
 */
import { expect, test } from 'bun:test';
import type { LoadedPlugin } from './load-plugin.ts';
import { servingBuiltPlugin } from './test-support/serving-plugin.ts';

const SECTIONS = [
  'server',
  'access',
  'tool-loading',
  'tools',
  'hidden-folders',
  'commands',
  'semantic',
  'change-journal',
];

const plugins = servingBuiltPlugin();
const load = (appVersion: string) => plugins.serve({ appVersion });

/** Each section's row names, as the tab draws them. */
function rowNames(tab: HTMLElement): Map<string, string[]> {
  const rows = new Map<string, string[]>();
  for (const section of tab.querySelectorAll('[data-section]')) {
    // A token's row and the list of tools show values (a label, a tool), not settings' names.
    const names = [...section.querySelectorAll('.setting-item-name')]
      .filter((el) => el.closest('[data-token-id], .mcp-connector-family') === null)
      .map((el) => el.textContent.trim())
      .filter((name) => name !== '');
    rows.set(section.getAttribute('data-section') ?? '', names);
  }
  return rows;
}

test('Obsidian 1.13 lists a definition for each section, naming every row in it', async () => {
  const plugin = await load('1.13.1');
  const definitions = plugin.settingDefinitions();
  expect(definitions.map((definition) => definition.name)).toEqual([
    'Server',
    'Access control',
    'Tool loading',
    'Tools available',
    'Hidden folders',
    'Command execution',
    'Semantic search',
    'Change journal',
  ]);
  const tab = await plugin.renderSettings();
  const rows = rowNames(tab);
  expect([...rows.keys()]).toEqual(SECTIONS);
  // Every row a fresh vault shows is found by its section's name or an alias.
  [...rows.values()].forEach((names, index) => {
    const definition = definitions[index];
    const findable = new Set([definition?.name, ...(definition?.aliases ?? [])]);
    const missing = names.filter((name) => !findable.has(name));
    expect({ section: SECTIONS[index], missing }).toEqual({
      section: SECTIONS[index],
      missing: [],
    });
  });
});

test("Obsidian 1.13's search finds a row's section", async () => {
  const plugin = await load('1.13.1');
  expect(plugin.searchSettings('fixed port')).toEqual(['Server']);
  expect(plugin.searchSettings('hide a folder')).toEqual(['Hidden folders']);
  expect(plugin.searchSettings('allowlist')).toEqual(['Tool loading', 'Command execution']);
  expect(plugin.searchSettings('undo')).toEqual(['Change journal']);
});

test('Obsidian 1.13 draws the tab from the definitions: the sections, live', async () => {
  const plugin = await load('1.13.1');
  const tab = await plugin.renderSettings();
  expect(tab.querySelectorAll('.mcp-connector-section-host')).toHaveLength(SECTIONS.length);
  expect(tab.querySelector('[data-testid="endpoint"]')?.textContent).toMatch(/^http:\/\/127/);
  expect(tab.querySelectorAll('[data-token-id]')).toHaveLength(1);
});

test('Obsidian 1.12 registers nothing and draws the same tab through display()', async () => {
  const plugin = await load('1.12.7');
  expect(plugin.settingDefinitions()).toEqual([]);
  expect(plugin.searchSettings('port')).toEqual([]);
  const tab = await plugin.renderSettings();
  expect([...rowNames(tab).keys()]).toEqual(SECTIONS);
  expect(tab.querySelectorAll('.mcp-connector-section-host')).toHaveLength(SECTIONS.length);
  expect(tab.querySelector('[data-testid="endpoint"]')?.textContent).toMatch(/^http:\/\/127/);
});

/** Clicks Revoke on the Default token's row; returns the confirmation Obsidian's Modal shows. */
async function askToRevoke(plugin: LoadedPlugin): Promise<HTMLElement> {
  const tab = await plugin.renderSettings();
  const revoke = [...tab.querySelectorAll<HTMLButtonElement>('[data-token-id] button')].find(
    (button) => button.textContent.trim() === 'Revoke',
  );
  revoke?.click();
  const [modal] = [...plugin.app.openModals];
  if (modal === undefined) throw new Error('Revoke opened no Obsidian modal');
  return modal.modalEl;
}

test("a confirmation is Obsidian's Modal, its button destructive on 1.13", async () => {
  const plugin = await load('1.13.1');
  const modal = await askToRevoke(plugin);
  expect(modal.querySelector('.modal-title')?.textContent).toBe('Revoke "Default"?');
  const confirm = modal.querySelector<HTMLButtonElement>('button.mod-destructive');
  expect(confirm?.textContent).toBe('Revoke');
  expect(modal.querySelector('button.mod-warning')).toBeNull();
  confirm?.click();
  await plugin.waitForNotice(/Revoked "Default"/);
  expect(plugin.app.openModals.size).toBe(0);
});

test('before 1.13 the same confirmation marks its button as a warning', async () => {
  const plugin = await load('1.12.7');
  const modal = await askToRevoke(plugin);
  expect(modal.querySelector('button.mod-warning')?.textContent).toBe('Revoke');
  expect(modal.querySelector('button.mod-destructive')).toBeNull();
  [...modal.querySelectorAll<HTMLButtonElement>('button')]
    .find((button) => button.textContent === 'Cancel')
    ?.click();
  expect(plugin.app.openModals.size).toBe(0);
  expect(plugin.notices.some((text) => text.startsWith('Revoked'))).toBe(false);
});
