/**
 * The PluginSettingTab that hosts the Svelte tab. Its sections are declared once
 * (setting-definitions.ts): Obsidian 1.13+ takes them from getSettingDefinitions(), indexes them
 * for its settings search and renders each through its `render`; an older Obsidian never calls
 * getSettingDefinitions() and calls display(), which draws the same definitions into rows of its
 * own. Either way a section is a Svelte root mounted into its row, whose confirmations and new
 * secrets open Obsidian's Modal (obsidian-dialogs.ts). Until the settings are read
 * (just after start-up) a row says so and fills in once they are. The class is made by a
 * function, not at module level, so loading main.js defines nothing over Obsidian's classes
 * before onload. See ADR-0051.
 */
import {
  Notice,
  PluginSettingTab,
  Setting,
  type Plugin,
  type SettingDefinitionItem,
} from 'obsidian';
import type { SectionId } from '../services/settings-api.ts';
import type { SettingsService } from '../services/settings-service.ts';
import { mountSettings } from './mount.ts';
import { obsidianDialogs } from './obsidian-dialogs.ts';
import { settingDefinitions, type SectionDefinition } from './setting-definitions.ts';

export interface SettingsTabSource {
  /** The service, once the settings are read. */
  service(): SettingsService | null;
  /** Calls back once, when the service appears. */
  whenReady(callback: () => void): void;
}

export interface McpSettingsTab extends PluginSettingTab {
  /** Shows this section at the top the next time (or now, if the tab is open). */
  reveal(section: SectionId): void;
}

export function createSettingsTab(plugin: Plugin, source: SettingsTabSource): McpSettingsTab {
  class McpConnectorSettingTab extends PluginSettingTab implements McpSettingsTab {
    private readonly mounted = new Set<() => void>();
    private pending: SectionId | null = null;

    override getSettingDefinitions(): SettingDefinitionItem[] {
      return this.definitions();
    }

    /** Obsidian before 1.13: the same definitions, each into a row made here. */
    override display(): void {
      this.unmountAll();
      this.containerEl.empty();
      for (const definition of this.definitions()) definition.render(new Setting(this.containerEl));
    }

    override hide(): void {
      this.unmountAll();
      super.hide();
    }

    reveal(section: SectionId): void {
      this.pending = section;
      this.revealPending();
    }

    private definitions(): SectionDefinition[] {
      return settingDefinitions((target, section) => this.mountSection(target, section));
    }

    private mountSection(target: HTMLElement, section: SectionId): () => void {
      let unmount: (() => void) | null = null;
      let gone = false;
      const draw = (service: SettingsService): void => {
        target.empty();
        const mounted = mountSettings(target, {
          api: service,
          notify: (message) => new Notice(message),
          only: section,
          dialogs: obsidianDialogs(this.app, copyToClipboard),
        });
        unmount = () => mounted.destroy();
        this.revealPending();
      };
      const service = source.service();
      if (service !== null) draw(service);
      else {
        target.createEl('p', {
          cls: 'setting-item-description',
          text: 'Local MCP Server is reading its settings; this fills in in a moment.',
        });
        source.whenReady(() => {
          const ready = source.service();
          if (!gone && ready !== null) draw(ready);
        });
      }
      const cleanup = (): void => {
        gone = true;
        unmount?.();
        unmount = null;
        this.mounted.delete(cleanup);
      };
      this.mounted.add(cleanup);
      return cleanup;
    }

    private revealPending(): void {
      if (this.pending === null) return;
      const target = this.containerEl.querySelector(`[data-section="${this.pending}"]`);
      if (target === null) return;
      this.pending = null;
      target.scrollIntoView({ block: 'start' });
    }

    private unmountAll(): void {
      for (const cleanup of [...this.mounted]) cleanup();
    }
  }
  return new McpConnectorSettingTab(plugin.app, plugin);
}

async function copyToClipboard(text: string, what: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    new Notice(`Copied ${what}.`);
  } catch {
    new Notice(`Could not copy ${what}: the clipboard is not available.`);
  }
}
