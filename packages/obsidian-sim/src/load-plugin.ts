/**
 * loadPlugin: a built main.js in a simulated Obsidian over a vault folder, started the way
 * Obsidian starts a community plugin: the app opens the vault (scan, metadata), main.js is
 * evaluated with `obsidian` supplied, the plugin class is constructed with the app and its
 * manifest, onload runs (awaited when async), then the workspace's layout becomes ready.
 */
import type { PluginManifest } from 'obsidian';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { evaluateMainJs } from './main-js.ts';
import * as obsidian from './obsidian/index.ts';
import { App } from './obsidian/app.ts';
import { Notice } from './obsidian/notice.ts';
import type { Plugin } from './obsidian/plugin.ts';
import { atLeast } from './obsidian/version.ts';

export interface LoadPluginOptions {
  /** The vault folder (a temp copy: the plugin writes to it). */
  vault: string;
  /** A built main.js; its manifest.json is read from the same folder unless `manifest` is given. */
  mainJs: string;
  manifest?: PluginManifest;
  /** Other community plugins enabled in the vault (stand-ins without code), by id. */
  enabledPlugins?: readonly string[];
  /** The Obsidian version to behave as (its settings API): the pinned types' version by default. */
  appVersion?: string;
}

export interface LoadedPlugin {
  app: App;
  plugin: Plugin;
  /** The text of every notice shown so far, oldest first (live: it grows). */
  notices: readonly string[];
  /** The commands the plugin registered, with their full ids (`<plugin id>:<id>`). */
  readonly commands: { id: string; name: string }[];
  /** Runs a command by its full id or the plugin's own id; false when unknown or unavailable. */
  runCommand(id: string): boolean;
  /** The plugin's settings tab, displayed; throws when the plugin registered none. */
  renderSettings(): Promise<HTMLElement>;
  /**
   * The definitions the plugin's tab registered for Obsidian's settings search (empty when the
   * app is older than 1.13): name, description and aliases, in order.
   */
  settingDefinitions(): { name: string; desc: string; aliases: string[] }[];
  /** The names of the plugin's definitions the settings search lists for a query. */
  searchSettings(query: string): string[];
  /** Resolves with the first notice (shown before or after the call) that matches. */
  waitForNotice(pattern: RegExp, timeoutMs?: number): Promise<string>;
  /**
   * Disables the plugin (its onunload and cleanups run), waits for the plugin's `closed` promise
   * when it has one (Obsidian itself never waits), then closes the simulated app.
   */
  unload(): Promise<void>;
  /**
   * Milliseconds to read and evaluate main.js, and to run onload and layout-ready; the CPU
   * milliseconds of evaluating it (see EvaluatedMainJs).
   */
  timings: { evaluateMs: number; evaluateCpuMs: number; onloadMs: number };
}

export async function loadPlugin(options: LoadPluginOptions): Promise<LoadedPlugin> {
  const app = await App.open(options.vault, { version: options.appVersion });
  const manifest = options.manifest ?? (await readManifest(options.mainJs));
  const dir = manifest.dir ?? `${app.vault.configDir}/plugins/${manifest.id}`;
  const { exports, evaluateMs, evaluateCpuMs } = await evaluateMainJs(
    options.mainJs,
    obsidianFor(app),
    app.dom,
  );
  const PluginClass = (exports.default ?? exports) as new (
    app: unknown,
    manifest: PluginManifest,
  ) => Plugin;
  for (const id of options.enabledPlugins ?? []) app.plugins.add(id, {});
  const started = performance.now();
  const plugin = new PluginClass(app.asObsidian(), { ...manifest, dir });
  app.plugins.add(manifest.id, plugin);
  plugin.load();
  await plugin.onloadResult;
  app.workspace.setLayoutReady();
  const onloadMs = performance.now() - started;
  return {
    app,
    plugin,
    notices: app.notices.shown,
    get commands() {
      return app.commands
        .listCommands()
        .filter((command) => command.id.startsWith(`${manifest.id}:`))
        .map(({ id, name }) => ({ id, name }));
    },
    runCommand: (id) =>
      app.commands.executeCommandById(id.includes(':') ? id : `${manifest.id}:${id}`),
    renderSettings: () => renderSettings(app, manifest.id),
    settingDefinitions: () => settingDefinitionsOf(app, manifest.id),
    searchSettings: (query) =>
      app.setting
        .search(query)
        .filter((hit) => hit.pluginId === manifest.id)
        .map((hit) => hit.name),
    waitForNotice: (pattern, timeoutMs = 10_000) => waitForNotice(app, pattern, timeoutMs),
    async unload() {
      plugin.unload();
      app.plugins.remove(manifest.id);
      await (plugin as { closed?: Promise<void> }).closed;
      await app.close();
    },
    timings: { evaluateMs, evaluateCpuMs, onloadMs },
  };
}

/** The `obsidian` module for one app: everything shared, with notices bound to its board. */
function obsidianFor(app: App): Record<string, unknown> {
  class AppNotice extends Notice {
    static override board = app.notices;
  }
  const declarative = app.setting.declarative;
  return {
    ...obsidian,
    Notice: AppNotice,
    PluginSettingTab: declarative ? obsidian.PluginSettingTab : olderPluginSettingTab(),
    apiVersion: app.version,
    requireApiVersion: (version: string) => atLeast(app.version, version),
  };
}

/**
 * PluginSettingTab as Obsidian before 1.13 has it: no getSettingDefinitions, update or
 * settingItems, so a plugin that calls them unguarded fails here as it would there.
 */
function olderPluginSettingTab(): typeof obsidian.PluginSettingTab {
  abstract class OlderPluginSettingTab extends obsidian.PluginSettingTab {}
  for (const member of ['getSettingDefinitions', 'update'])
    Object.defineProperty(OlderPluginSettingTab.prototype, member, { value: undefined });
  return OlderPluginSettingTab;
}

function settingDefinitionsOf(
  app: App,
  pluginId: string,
): { name: string; desc: string; aliases: string[] }[] {
  const tab = app.setting.pluginTabs.find(
    (candidate) => (candidate as unknown as { plugin: Plugin }).plugin.manifest.id === pluginId,
  );
  if (tab === undefined || !app.setting.declarative) return [];
  return tab.settingItems.flatMap((item) =>
    'type' in item
      ? []
      : [
          {
            name: item.name,
            desc: typeof item.desc === 'string' ? item.desc : (item.desc?.textContent ?? ''),
            aliases: item.aliases ?? [],
          },
        ],
  );
}

async function readManifest(mainJs: string): Promise<PluginManifest> {
  return JSON.parse(
    await readFile(join(dirname(mainJs), 'manifest.json'), 'utf8'),
  ) as PluginManifest;
}

async function renderSettings(app: App, pluginId: string): Promise<HTMLElement> {
  app.setting.open();
  app.setting.openTabById(pluginId);
  const tab = app.setting.activeTab;
  if (tab === null) {
    throw new Error(
      `The plugin ${pluginId} registered no settings tab (Plugin.addSettingTab), so there is nothing to render.`,
    );
  }
  // Let what display() scheduled (a UI framework's first effects) run before the caller looks.
  await new Promise((resolve) => setTimeout(resolve, 0));
  return tab.containerEl;
}

function waitForNotice(app: App, pattern: RegExp, timeoutMs: number): Promise<string> {
  const shown = app.notices.shown.find((text) => pattern.test(text));
  if (shown !== undefined) return Promise.resolve(shown);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      stop();
      reject(
        new Error(
          `No notice matched ${pattern} within ${timeoutMs} ms; shown: ${JSON.stringify(app.notices.shown)}`,
        ),
      );
    }, timeoutMs);
    const stop = app.notices.onShow((text) => {
      if (!pattern.test(text)) return;
      clearTimeout(timer);
      stop();
      resolve(text);
    });
  });
}
