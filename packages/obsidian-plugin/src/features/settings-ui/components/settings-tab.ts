/**
 * The PluginSettingTab that hosts the Svelte tab: display() mounts it, hide() unmounts it. Until
 * the settings are read (just after start-up) it says so, and fills in once they are. The class
 * is made by a function, not at module level, so loading main.js defines nothing over Obsidian's
 * classes before onload.
 */
import { Notice, PluginSettingTab, type Plugin } from 'obsidian';
import type { SectionId } from '../services/settings-api.ts';
import type { SettingsService } from '../services/settings-service.ts';
import { mountSettings, type MountedSettings } from './mount.ts';

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
    private mounted: MountedSettings | null = null;
    private pending: SectionId | null = null;
    private shown = false;

    display(): void {
      this.shown = true;
      this.render();
    }

    override hide(): void {
      this.shown = false;
      this.unmount();
    }

    reveal(section: SectionId): void {
      this.pending = section;
      if (this.mounted !== null) this.revealPending();
    }

    private render(): void {
      this.unmount();
      const service = source.service();
      if (service === null) {
        this.containerEl.createEl('p', {
          cls: 'setting-item-description',
          text: 'Local MCP Server is reading its settings; this tab fills in in a moment.',
        });
        source.whenReady(() => {
          if (this.shown) this.render();
        });
        return;
      }
      this.mounted = mountSettings(this.containerEl, {
        api: service,
        notify: (message) => new Notice(message),
      });
      this.revealPending();
    }

    private revealPending(): void {
      if (this.pending === null || this.mounted === null) return;
      const section = this.pending;
      this.pending = null;
      this.mounted.reveal(section);
    }

    private unmount(): void {
      this.mounted?.destroy();
      this.mounted = null;
      this.containerEl.empty();
    }
  }
  return new McpConnectorSettingTab(plugin.app, plugin);
}
