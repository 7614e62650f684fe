/**
 * Obsidian's App over a vault folder: vault, metadata cache, file manager and workspace, plus the
 * parts of the app plugins reach without public typings (`app.commands`, `app.plugins`,
 * `app.setting`), a browser DOM, the status bar, the ribbon, notices and open modals.
 * app.json is read once when the app opens, as Obsidian reads its config at start-up.
 */
import { linktextFor, parseAppSettings, type AppSettings } from '@mcp-connector/markdown/vault';
import type { App as ObsidianApp, Command, PluginManifest } from 'obsidian';
import { FileSystemAdapter } from './adapter.ts';
import { createDom, type SimDom } from './dom.ts';
import { FileManager } from './file-manager.ts';
import { MetadataCache } from './metadata-cache.ts';
import type { Modal } from './modal.ts';
import { NoticeBoard } from './notice.ts';
import { Vault } from './vault.ts';
import { Workspace } from './workspace.ts';
import { DECLARATIVE_SETTINGS_SINCE, SettingWindow } from './setting-window.ts';
import { SIMULATED_VERSION, atLeast } from './version.ts';

export interface AppOptions {
  /** The Obsidian version to behave as (what its API has): SIMULATED_VERSION by default. */
  version?: string;
}

/** `app.commands`: every command of every plugin, by its full id (`<plugin id>:<id>`). */
export class CommandRegistry {
  readonly commands: Record<string, Command> = {};

  add(manifest: PluginManifest, command: Command): Command {
    const added = {
      ...command,
      id: `${manifest.id}:${command.id}`,
      name: `${manifest.name}: ${command.name}`,
    };
    this.commands[added.id] = added;
    return added;
  }

  remove(id: string): void {
    delete this.commands[id];
  }

  listCommands(): Command[] {
    return Object.values(this.commands);
  }

  findCommand(id: string): Command | undefined {
    return this.commands[id];
  }

  /** Runs the command as the palette would; false when unknown or not available now. */
  executeCommandById(id: string): boolean {
    const command = this.commands[id];
    if (command === undefined) return false;
    if (command.checkCallback !== undefined) return command.checkCallback(false) !== false;
    if (command.callback === undefined) return false;
    void command.callback();
    return true;
  }
}

/** `app.plugins`: the enabled plugins by id (a scenario may add stand-ins such as Dataview). */
export class PluginRegistry {
  readonly enabledPlugins = new Set<string>();
  readonly plugins: Record<string, unknown> = {};

  add(id: string, plugin: unknown): void {
    this.plugins[id] = plugin;
    this.enabledPlugins.add(id);
  }

  remove(id: string): void {
    delete this.plugins[id];
    this.enabledPlugins.delete(id);
  }

  getPlugin(id: string): unknown {
    return this.plugins[id] ?? null;
  }
}

export class App implements Pick<ObsidianApp, 'loadLocalStorage' | 'saveLocalStorage'> {
  readonly vault: Vault;
  readonly metadataCache: MetadataCache;
  readonly fileManager: FileManager;
  readonly workspace: Workspace;
  readonly commands = new CommandRegistry();
  readonly plugins = new PluginRegistry();
  readonly setting: SettingWindow;
  private window: {
    dom: SimDom;
    notices: NoticeBoard;
    statusBarEl: HTMLElement;
    ribbonEl: HTMLElement;
  } | null = null;
  readonly openModals = new Set<Modal>();
  private settings: AppSettings = parseAppSettings(null);
  private readonly localStorage = new Map<string, unknown>();

  private constructor(
    basePath: string,
    readonly version: string,
  ) {
    this.setting = new SettingWindow(atLeast(version, DECLARATIVE_SETTINGS_SINCE));
    this.vault = new Vault(new FileSystemAdapter(basePath));
    this.metadataCache = new MetadataCache(this.vault, (file, sourcePath, omitMdExtension) =>
      linktextFor(this.linkVault(), file.path, sourcePath, { keepExtension: !omitMdExtension }),
    );
    this.fileManager = new FileManager(this.vault, this.metadataCache, () => this.settings);
    this.workspace = new Workspace(
      this.vault,
      () => this.asObsidian(),
      () => this.dom.document,
    );
  }

  /** Opens the vault at `basePath`: reads app.json, scans the folder and indexes every note. */
  static async open(basePath: string, options: AppOptions = {}): Promise<App> {
    const app = new App(basePath, options.version ?? SIMULATED_VERSION);
    const config = `${app.vault.configDir}/app.json`;
    if (await app.vault.adapter.exists(config))
      app.settings = parseAppSettings(await app.vault.adapter.read(config));
    await app.vault.load(app.metadataCache);
    return app;
  }

  /** The browser window, made on first use (a host-only test never pays for a DOM). */
  get dom(): SimDom {
    return this.ui().dom;
  }

  /** Every notice shown in this app. */
  get notices(): NoticeBoard {
    return this.ui().notices;
  }

  get statusBarEl(): HTMLElement {
    return this.ui().statusBarEl;
  }

  get ribbonEl(): HTMLElement {
    return this.ui().ribbonEl;
  }

  /** The app.json settings read at open. */
  appSettings(): AppSettings {
    return this.settings;
  }

  loadLocalStorage(key: string): unknown {
    return this.localStorage.get(key) ?? null;
  }

  saveLocalStorage(key: string, data: unknown): void {
    if (data === null) this.localStorage.delete(key);
    else this.localStorage.set(key, data);
  }

  /** Closes the window and removes the simulated system trash. */
  async close(): Promise<void> {
    for (const modal of [...this.openModals]) modal.close();
    await this.vault.adapter.dispose();
    await this.window?.dom.close();
    this.window = null;
  }

  /** This app as Obsidian's type, for code that takes an `App` (the one cast). */
  asObsidian(): ObsidianApp {
    return this as unknown as ObsidianApp;
  }

  private ui(): NonNullable<App['window']> {
    if (this.window === null) {
      const dom = createDom();
      const body = dom.document.body;
      this.window = {
        dom,
        ribbonEl: body.createDiv({ cls: 'side-dock-ribbon' }),
        statusBarEl: body.createDiv({ cls: 'status-bar' }),
        notices: new NoticeBoard(body.createDiv({ cls: 'notice-container' })),
      };
    }
    return this.window;
  }

  private linkVault() {
    return {
      appSettings: () => this.settings,
      index: this.metadataCache.index,
      listFiles: () => this.vault.getFiles(),
    };
  }
}
