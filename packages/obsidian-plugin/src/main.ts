/**
 * The Obsidian plugin: composes the connector over the ObsidianHost and hands it to the settings
 * UI, which starts it once the workspace layout is ready (never delaying Obsidian's start-up),
 * shows its settings tab, commands and status, and stops it on unload, freeing the port.
 * Semantic search embeds in a Web Worker (its bundled source comes from the build) and downloads
 * its model only when the user says so: the settings' Download button, the Notice's button or the
 * "Download the semantic search model" command, all through one installer. The Recent AI changes
 * view and the Undo notice follow the server's change journal.
 */
import { FileSystemAdapter, Notice, Plugin, type App } from 'obsidian';
import { deviceRoots, thisDevice } from '@mcp-connector/shared/device-home';
import embeddingWorkerSource from 'virtual:embedding-worker';
import {
  installRecentChanges,
  type InstalledRecentChanges,
} from './features/change-journal/components/index.ts';
import { desktopConfigPath } from './features/client-config/index.ts';
import { ModalPermissionPrompt } from './features/command-permissions/components/index.ts';
import {
  downloadWithProgress,
  offerModelDownload,
} from './features/semantic-search/components/index.ts';
import {
  ModelInstaller,
  nativeModelOf,
  nodeFirstUseRecords,
  nodeModelFolder,
  smartConnectionsAccess,
  webWorkerEmbedders,
} from './features/semantic-search/index.ts';
import { addDoctorCommand } from './features/doctor/components/index.ts';
import {
  installSettingsUi,
  type InstalledSettingsUi,
} from './features/settings-ui/components/index.ts';
import type { PluginPlace } from './features/settings-ui/index.ts';
import type { SecretMirror } from './features/settings/index.ts';
import { ObsidianHost } from './host/obsidian/obsidian-host.ts';

export default class McpConnectorPlugin extends Plugin {
  private ui: InstalledSettingsUi | null = null;
  private recentChanges: InstalledRecentChanges | null = null;
  /** Settles once onunload's close has finished; Obsidian does not wait for it, a test does. */
  closed: Promise<void> = Promise.resolve();
  private downloadModel: () => void = () =>
    new Notice('The connector has not started yet; try again in a moment.');

  override onload(): void {
    const host = new ObsidianHost(this.app);
    const desktopConfig = desktopConfigPath();
    const models = this.modelInstaller();
    const recentChanges = installRecentChanges(this);
    this.recentChanges = recentChanges;
    this.ui = installSettingsUi(this, {
      host,
      place: this.pluginPlace(),
      desktopConfigPath: desktopConfig,
      ...(models !== null && {
        models: { installer: models, folder: deviceRoots(thisDevice()).models },
      }),
      links: { openRecentChanges: () => void recentChanges.open() },
      onServer: (server) => recentChanges.follow(server),
      openSettings: async () => {
        const { SettingsStore } = await import('./server-modules.ts');
        const secretMirror = obsidianSecretMirror(this.app);
        return SettingsStore.open(`${this.pluginFolder()}/data.json`, {
          ...(secretMirror !== null && { secretMirror }),
        });
      },
      startServer: async (settings, indexProgressed, signal) => {
        // Loaded on layout-ready: the server's modules cost main.js's evaluation nothing.
        const { startConnector } = await import('./server-modules.ts');
        if (models !== null)
          this.downloadModel = () =>
            void downloadWithProgress(models, nativeModelOf(settings.current.semantic));
        return startConnector({
          host,
          settings,
          signal,
          version: this.manifest.version,
          commandPrompt: new ModalPermissionPrompt(this.app),
          notifyUser: (message) => new Notice(message),
          desktopConfigPath: desktopConfig,
          semantic: {
            startNow: true,
            environment: {
              smartConnections: () => smartConnectionsAccess(this.app),
              embedders: webWorkerEmbedders(embeddingWorkerSource),
              ...(models !== null && { models }),
              installHint:
                'click Download model in the notice or in the Local MCP Server settings (Semantic search), or run the command "Local MCP Server: Download the semantic search model"',
            },
            onModelNeeded: (message) => offerModelDownload(message, () => this.downloadModel()),
            onProgress: indexProgressed,
            progressEveryMs: 1000,
          },
          onError: (error) => console.error('Local MCP Server:', error),
        });
      },
    });
    this.addCommand({
      id: 'download-semantic-model',
      name: 'Download the semantic search model',
      callback: () => this.downloadModel(),
    });
    addDoctorCommand(this);
  }

  override onunload(): void {
    this.recentChanges?.close();
    this.recentChanges = null;
    this.closed = this.ui?.close() ?? Promise.resolve();
    this.ui = null;
  }

  /** The vault folder and the plugin's folder name, for a token's .mcpb; null off a local disk. */
  private pluginPlace(): PluginPlace | null {
    const adapter = this.app.vault.adapter;
    if (!(adapter instanceof FileSystemAdapter)) return null;
    const pluginId = this.pluginDir().split('/').pop() ?? this.manifest.id;
    return { vaultPath: adapter.getBasePath(), pluginId, version: this.manifest.version };
  }

  /** The semantic model's one installer (settings, Notice, command, connector); null off disk. */
  private modelInstaller(): ModelInstaller | null {
    if (!(this.app.vault.adapter instanceof FileSystemAdapter)) return null;
    return new ModelInstaller({
      folder: nodeModelFolder(deviceRoots(thisDevice()).models),
      runtime: true,
      records: nodeFirstUseRecords(deviceRoots(thisDevice()).modelTrust),
      fetch: (url, init) => window.fetch(url, init),
    });
  }

  /** The plugin's folder inside the vault: `.obsidian/plugins/local-mcp-server`. */
  private pluginDir(): string {
    return this.manifest.dir ?? `${this.app.vault.configDir}/plugins/${this.manifest.id}`;
  }

  /** The plugin's folder on disk: data.json (the rest is in the device home, ADR-0033). */
  private pluginFolder(): string {
    const adapter = this.app.vault.adapter;
    if (!(adapter instanceof FileSystemAdapter))
      throw new Error('Local MCP Server needs a vault on the local file system.');
    return `${adapter.getBasePath()}/${this.pluginDir()}`;
  }
}

/**
 * Obsidian's secret storage (1.11.4+; guarded at run time, the types here are older), kept in
 * step with this device's secrets file, which stays the one place programs outside Obsidian read
 * (ADR-0033). It has no delete: a revoked token's entry is emptied. Null where there is none.
 */
function obsidianSecretMirror(app: App): SecretMirror | null {
  const storage = (app as { secretStorage?: { setSecret?: unknown } }).secretStorage;
  if (storage === undefined || typeof storage.setSecret !== 'function') return null;
  const setSecret = storage.setSecret as (id: string, secret: string) => void;
  const put = (tokenId: string, secret: string) => {
    try {
      setSecret.call(storage, `mcp-connector-${tokenId.toLowerCase()}`, secret);
    } catch (error) {
      console.error(
        "Local MCP Server: could not keep a secret in Obsidian's secret storage",
        error,
      );
    }
  };
  return { set: put, remove: (tokenId) => put(tokenId, '') };
}
