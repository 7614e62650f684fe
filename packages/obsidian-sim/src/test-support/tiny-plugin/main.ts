/**
 * A tiny plugin written against the real `obsidian` typings, bundled by the tests the way the
 * release build bundles ours, to exercise what main.js does not use yet: a settings tab with a
 * toggle, a text field and a button, a command, loadData and saveData.
 */
import { Notice, Plugin, PluginSettingTab, Setting, type App } from 'obsidian';

interface TinySettings {
  enabled: boolean;
  name: string;
}

export default class TinyPlugin extends Plugin {
  override settings: TinySettings = { enabled: false, name: '' };

  override async onload(): Promise<void> {
    this.settings = {
      ...this.settings,
      ...((await this.loadData()) as Partial<TinySettings> | null),
    };
    this.addSettingTab(new TinySettingTab(this.app, this));
    this.addCommand({
      id: 'say-hello',
      name: 'Say hello',
      callback: () => new Notice(`Hello, ${this.settings.name}`),
    });
  }
}

class TinySettingTab extends PluginSettingTab {
  constructor(
    app: App,
    private readonly tiny: TinyPlugin,
  ) {
    super(app, tiny);
  }

  override display(): void {
    const { containerEl } = this;
    containerEl.empty();
    new Setting(containerEl).setName('Tiny').setHeading();
    new Setting(containerEl)
      .setName('Enabled')
      .setDesc('Turns the tiny plugin on.')
      .addToggle((toggle) =>
        toggle.setValue(this.tiny.settings.enabled).onChange(async (value) => {
          this.tiny.settings.enabled = value;
          await this.tiny.saveData(this.tiny.settings);
        }),
      );
    new Setting(containerEl).setName('Name').addText((text) =>
      text.setValue(this.tiny.settings.name).onChange(async (value) => {
        this.tiny.settings.name = value;
        await this.tiny.saveData(this.tiny.settings);
      }),
    );
    new Setting(containerEl).addButton((button) =>
      button
        .setButtonText('Greet')
        .setCta()
        .onClick(() => new Notice('Greeted')),
    );
  }
}
