/**
 * The built main.js's settings tab is drawn with Obsidian's own pieces: every plain row is a
 * Setting, every toggle, dropdown, text field and row button one of Obsidian's components, and Copy config
 * opens Obsidian's Menu. Only the token rows and the tool families' summaries, which Obsidian has
 * no component for, are drawn by the tab itself.
 */
import { afterEach, expect, test } from 'bun:test';
import {
  ButtonComponent,
  DropdownComponent,
  TextComponent,
  Menu,
  Setting,
  ToggleComponent,
  drawnByComponent,
} from './obsidian/index.ts';
import { servingBuiltPlugin } from './test-support/serving-plugin.ts';

const plugins = servingBuiltPlugin();
afterEach(() => {
  for (const menu of [...Menu.shown]) menu.hide();
});

async function renderTab(): Promise<HTMLElement> {
  return (await plugins.serve()).renderSettings();
}

/** What drew each element: the component's class name, or `tab` for the tab's own markup. */
function drawers(elements: Iterable<Element>): string[] {
  return [...new Set([...elements].map((el) => drawnByComponent(el)?.constructor.name ?? 'tab'))];
}

test("the tab's rows are Obsidian's Setting, its controls Obsidian's components", async () => {
  const tab = await renderTab();
  const rows = [...tab.querySelectorAll('.setting-item')].filter(
    (row) => !row.matches('.mcp-connector-token, summary'),
  );
  expect(rows.length).toBeGreaterThan(20);
  expect(drawers(rows)).toEqual([Setting.name]);
  expect(drawers(tab.querySelectorAll('.checkbox-container'))).toEqual([ToggleComponent.name]);
  expect(drawers(tab.querySelectorAll('select'))).toEqual([DropdownComponent.name]);
  // Text fields, but for the suggesters' (a field with its own list of suggestions).
  const fields = [...tab.querySelectorAll('.setting-item-control input[type="text"]')].filter(
    (field) => field.closest('.mcp-connector-suggest') === null,
  );
  expect(fields.length).toBeGreaterThan(5);
  expect(drawers(fields)).toEqual([TextComponent.name]);
  // Buttons in a row's control; a token row's small secret and install buttons are its own.
  const buttons = tab.querySelectorAll('.setting-item-control button');
  expect(buttons.length).toBeGreaterThan(10);
  expect(drawers(buttons)).toEqual([ButtonComponent.name]);
});

test("Copy config opens Obsidian's Menu, one item per client config, and an item copies", async () => {
  const plugin = await plugins.serve();
  const tab = await plugin.renderSettings();
  const copyConfig = [...tab.querySelectorAll<HTMLButtonElement>('[data-token-id] button')].find(
    (button) => button.textContent.trim() === 'Copy config',
  );
  copyConfig?.click();
  const [menu] = [...Menu.shown];
  if (menu === undefined) throw new Error('Copy config opened no Obsidian menu');
  const titles = menu.items.map((item) => (item === 'separator' ? '-' : item.titleText()));
  expect(titles).toContain('Claude Code: Command');
  expect(tab.querySelector('.menu')).toBeNull();
  const item = [...(menu.dom?.querySelectorAll<HTMLElement>('.menu-item') ?? [])].find(
    (el) => el.textContent === 'Claude Code: Command',
  );
  item?.click();
  expect(Menu.shown.size).toBe(0);
  // The item ran: it copied, or said why it could not (the simulation may have no clipboard).
  await plugin.waitForNotice(/Claude Code: Command/);
});
