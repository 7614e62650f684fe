/**
 * `app.setting`: the settings window and the plugins' tabs in it, as the app's version has it.
 * From 1.13 (DECLARATIVE_SETTINGS_SINCE) Obsidian reads a tab's getSettingDefinitions() when the
 * tab is added (update()), indexes them for its settings search and, when there are any, draws
 * them instead of calling display(): a row per definition (a Setting named and described by it)
 * handed to its `render`, whose cleanup runs when the tab is hidden. Before 1.13 it calls
 * display() and never asks for definitions. The search here matches a query, case-insensitively,
 * inside a definition's name, description or aliases; Obsidian's own ranking is not simulated.
 * Control and action definitions are not drawn yet: a tab that declares one fails loudly.
 */
import type {
  PluginManifest,
  PluginSettingTab,
  SettingDefinition,
  SettingDefinitionItem,
  SettingGroup,
} from 'obsidian';
import { Setting } from './setting.ts';

export const DECLARATIVE_SETTINGS_SINCE = '1.13.0';

/** A definition the settings search found: the plugin's tab and the definition's name. */
export interface SettingSearchHit {
  pluginId: string;
  name: string;
}

export class SettingWindow {
  readonly pluginTabs: PluginSettingTab[] = [];
  activeTab: PluginSettingTab | null = null;
  isOpen = false;
  private cleanups: (() => void)[] = [];

  /** `declarative`: the app is 1.13 or later. */
  constructor(readonly declarative: boolean) {}

  addPluginTab(tab: PluginSettingTab): void {
    this.pluginTabs.push(tab);
    if (this.declarative) tab.update();
  }

  removePluginTab(tab: PluginSettingTab): void {
    this.pluginTabs.splice(this.pluginTabs.indexOf(tab), 1);
    if (this.activeTab === tab) this.hideActive();
  }

  open(): void {
    this.isOpen = true;
  }

  close(): void {
    this.hideActive();
    this.isOpen = false;
  }

  /** Shows the tab of the plugin with this id: its definitions drawn, or its display() run. */
  openTabById(id: string): void {
    const tab = this.pluginTabs.find((candidate) => pluginOf(candidate)?.manifest.id === id);
    if (tab === undefined) return;
    this.hideActive();
    this.activeTab = tab;
    if (!this.declarative) return tab.display();
    tab.update();
    if (tab.settingItems.length === 0) return tab.display();
    tab.containerEl.empty();
    for (const item of tab.settingItems) this.draw(tab.containerEl, item);
  }

  /** The definitions the settings search would list for a query (empty before 1.13). */
  search(query: string): SettingSearchHit[] {
    if (!this.declarative) return [];
    const wanted = query.toLowerCase();
    return this.pluginTabs.flatMap((tab) =>
      definitionsOf(tab.settingItems)
        .filter((definition) => searchTexts(definition).some((text) => text.includes(wanted)))
        .map((definition) => ({
          pluginId: pluginOf(tab)?.manifest.id ?? '',
          name: definition.name,
        })),
    );
  }

  private hideActive(): void {
    this.activeTab?.hide();
    for (const cleanup of this.cleanups.splice(0)) cleanup();
    this.activeTab = null;
  }

  private draw(containerEl: HTMLElement, item: SettingDefinitionItem): void {
    if ('type' in item) {
      if (item.type === 'page') throw new Error('The simulation does not draw setting pages yet.');
      const groupEl = containerEl.createDiv({ cls: 'setting-group' });
      if (item.heading !== undefined)
        groupEl.createDiv({ cls: 'setting-item-heading', text: item.heading });
      const listEl = groupEl.createDiv({ cls: 'setting-items' });
      for (const child of item.items ?? []) this.draw(listEl, child);
      return;
    }
    const setting = new Setting(containerEl).setName(item.name);
    if (item.desc !== undefined) setting.setDesc(item.desc);
    if (item.render === undefined)
      throw new Error(`The simulation draws only render definitions; "${item.name}" is not one.`);
    const group = { listEl: containerEl } as unknown as SettingGroup;
    const cleanup = item.render(setting as never, group);
    if (typeof cleanup === 'function') this.cleanups.push(cleanup);
  }
}

function definitionsOf(items: readonly SettingDefinitionItem[]): SettingDefinition[] {
  return items.flatMap((item) =>
    'type' in item ? definitionsOf((item.items ?? []) as SettingDefinitionItem[]) : [item],
  );
}

function searchTexts(definition: SettingDefinition): string[] {
  const desc =
    typeof definition.desc === 'string' ? definition.desc : (definition.desc?.textContent ?? '');
  return [definition.name, desc, ...(definition.aliases ?? [])].map((text) => text.toLowerCase());
}

function pluginOf(tab: PluginSettingTab): { manifest: PluginManifest } | undefined {
  return (tab as unknown as { plugin?: { manifest: PluginManifest } }).plugin;
}
