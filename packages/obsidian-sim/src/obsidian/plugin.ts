/**
 * Obsidian's Component, Plugin and settings tabs. A Component runs onload once, and on unload
 * its children's unload, every registered cleanup and its own onunload. A Plugin registers its
 * commands, settings tab, status bar items and ribbon icons with its App, each removed again on
 * unload; loadData/saveData read and write `<plugin folder>/data.json`.
 */
import type {
  App as ObsidianApp,
  Command,
  Component as ObsidianComponent,
  EventRef,
  Plugin as ObsidianPlugin,
  PluginManifest,
  PluginSettingTab as ObsidianPluginSettingTab,
  SettingDefinitionItem,
  SettingTab as ObsidianSettingTab,
  ViewCreator,
} from 'obsidian';
import type { App } from './app.ts';
import { eventOwner } from './events.ts';

type ComponentMembers =
  | 'load'
  | 'onload'
  | 'unload'
  | 'onunload'
  | 'addChild'
  | 'removeChild'
  | 'register'
  | 'registerEvent'
  | 'registerInterval';

export class Component implements Pick<ObsidianComponent, ComponentMembers> {
  private loaded = false;
  private readonly children: ObsidianComponent[] = [];
  private readonly cleanups: (() => unknown)[] = [];
  /** What the last onload returned (Obsidian awaits a plugin's async onload). */
  onloadResult: unknown = undefined;

  load(): void {
    if (this.loaded) return;
    this.loaded = true;
    this.onloadResult = this.onload();
    for (const child of this.children) child.load();
  }

  // eslint-disable-next-line @typescript-eslint/no-misused-promises -- Obsidian awaits a Plugin's async onload
  onload(): void | Promise<void> {}

  unload(): void {
    if (!this.loaded) return;
    this.loaded = false;
    for (const child of this.children.splice(0)) child.unload();
    for (const cleanup of this.cleanups.splice(0).reverse()) cleanup();
    this.onunload();
  }

  onunload(): void {}

  addChild<T extends ObsidianComponent>(component: T): T {
    this.children.push(component);
    if (this.loaded) component.load();
    return component;
  }

  removeChild<T extends ObsidianComponent>(component: T): T {
    const index = this.children.indexOf(component);
    if (index !== -1) {
      this.children.splice(index, 1);
      component.unload();
    }
    return component;
  }

  register(cb: () => unknown): void {
    this.cleanups.push(cb);
  }

  registerEvent(eventRef: EventRef): void {
    this.register(() => eventOwner(eventRef)?.offref(eventRef));
  }

  registerDomEvent(
    el: EventTarget,
    type: string,
    callback: EventListener,
    options?: boolean | AddEventListenerOptions,
  ): void {
    el.addEventListener(type, callback, options);
    this.register(() => el.removeEventListener(type, callback, options));
  }

  registerInterval(id: number): number {
    this.register(() => clearInterval(id));
    return id;
  }
}

type PluginMembers =
  | 'app'
  | 'manifest'
  | 'addRibbonIcon'
  | 'addStatusBarItem'
  | 'addCommand'
  | 'removeCommand'
  | 'addSettingTab'
  | 'registerView'
  | 'loadData'
  | 'saveData'
  | 'onUserEnable';

export abstract class Plugin extends Component implements Pick<ObsidianPlugin, PluginMembers> {
  constructor(
    readonly app: ObsidianApp,
    readonly manifest: PluginManifest,
  ) {
    super();
  }

  addRibbonIcon(icon: string, title: string, callback: (evt: MouseEvent) => unknown): HTMLElement {
    const el = this.simApp().ribbonEl.createDiv({
      cls: 'side-dock-ribbon-action',
      attr: { 'aria-label': title, 'data-icon': icon },
    });
    el.addEventListener('click', callback);
    this.register(() => el.detach());
    return el;
  }

  addStatusBarItem(): HTMLElement {
    const el = this.simApp().statusBarEl.createDiv({ cls: 'status-bar-item' });
    this.register(() => el.detach());
    return el;
  }

  addCommand(command: Command): Command {
    const added = this.simApp().commands.add(this.manifest, command);
    this.register(() => this.simApp().commands.remove(added.id));
    return added;
  }

  removeCommand(commandId: string): void {
    this.simApp().commands.remove(`${this.manifest.id}:${commandId}`);
  }

  addSettingTab(settingTab: ObsidianPluginSettingTab): void {
    const tabs = this.simApp().setting;
    tabs.addPluginTab(settingTab);
    this.register(() => tabs.removePluginTab(settingTab));
  }

  registerView(type: string, viewCreator: ViewCreator): void {
    this.register(this.simApp().workspace.registerViewType(type, viewCreator));
  }

  async loadData(): Promise<unknown> {
    const adapter = this.simApp().vault.adapter;
    const path = this.dataPath();
    return (await adapter.exists(path)) ? (JSON.parse(await adapter.read(path)) as unknown) : null;
  }

  async saveData(data: unknown): Promise<void> {
    const adapter = this.simApp().vault.adapter;
    await adapter.mkdir(this.pluginDir());
    await adapter.write(this.dataPath(), JSON.stringify(data, null, 2));
  }

  onUserEnable(): void {}

  private pluginDir(): string {
    return this.manifest.dir ?? `${this.app.vault.configDir}/plugins/${this.manifest.id}`;
  }

  private dataPath(): string {
    return `${this.pluginDir()}/data.json`;
  }

  private simApp(): App {
    return this.app as unknown as App;
  }
}

export abstract class SettingTab implements Pick<
  ObsidianSettingTab,
  'app' | 'containerEl' | 'settingItems' | 'getSettingDefinitions' | 'update' | 'display' | 'hide'
> {
  readonly containerEl: HTMLElement;
  /** What update() last read from getSettingDefinitions() (Obsidian 1.13+). */
  settingItems: SettingDefinitionItem[] = [];

  constructor(readonly app: ObsidianApp) {
    this.containerEl = (app as unknown as App).dom.document.createElement('div');
    this.containerEl.addClass('vertical-tab-content');
  }

  /** None by default: the tab is drawn by display(), as before 1.13. */
  getSettingDefinitions(): SettingDefinitionItem[] {
    return [];
  }

  update(): void {
    this.settingItems = this.getSettingDefinitions();
  }

  abstract display(): void;

  hide(): void {
    this.containerEl.empty();
  }
}

export abstract class PluginSettingTab
  extends SettingTab
  implements Pick<ObsidianPluginSettingTab, 'app' | 'containerEl' | 'display' | 'hide'>
{
  constructor(
    app: ObsidianApp,
    readonly plugin: ObsidianPlugin,
  ) {
    super(app);
  }
}
