/**
 * The Obsidian plugin: starts the connector once the workspace layout is ready (never delaying
 * Obsidian's start-up) and closes it on unload, freeing the port.
 */
import { FileSystemAdapter, Notice, Plugin } from 'obsidian';
import { startConnector, type RunningConnector } from './connector.ts';
import { ModalPermissionPrompt } from './features/command-permissions/components/index.ts';
import { smartConnectionsAccess } from './features/semantic-search/index.ts';
import { SettingsStore } from './features/settings/index.ts';
import { ObsidianHost } from './host/obsidian/obsidian-host.ts';

export default class McpConnectorPlugin extends Plugin {
  private connector: RunningConnector | null = null;
  private unloaded = false;
  /** Settles once onunload's close has finished; Obsidian does not wait for it, a test does. */
  closed: Promise<void> = Promise.resolve();

  override onload(): void {
    this.app.workspace.onLayoutReady(() => {
      void this.start();
    });
  }

  override onunload(): void {
    this.unloaded = true;
    this.closed = this.connector?.close() ?? Promise.resolve();
    this.connector = null;
  }

  private async start(): Promise<void> {
    const statusBar = this.addStatusBarItem();
    try {
      const settings = await SettingsStore.open(this.settingsPath());
      if (settings.problem !== null) new Notice(`MCP Connector settings: ${settings.problem}`, 0);
      const connector = await startConnector({
        host: new ObsidianHost(this.app),
        settings,
        version: this.manifest.version,
        commandPrompt: new ModalPermissionPrompt(this.app),
        notifyUser: (message) => new Notice(message),
        semantic: {
          startNow: true,
          environment: {
            smartConnections: () => smartConnectionsAccess(this.app),
            allowModelDownloads: true,
            modelCacheDir: `${this.pluginFolder()}/models`,
          },
          onProgress: (line) => statusBar.setText(line),
        },
        onError: (error) => console.error('MCP Connector:', error),
      });
      if (this.unloaded) {
        await connector.close();
        return;
      }
      this.connector = connector;
      new Notice(`MCP Connector is serving at ${connector.url}`);
    } catch (error) {
      console.error('MCP Connector could not start:', error);
      new Notice(
        `MCP Connector could not start: ${error instanceof Error ? error.message : String(error)}`,
        0,
      );
    }
  }

  private settingsPath(): string {
    return `${this.pluginFolder()}/data.json`;
  }

  /** The plugin's folder on disk (settings, the semantic index, downloaded models). */
  private pluginFolder(): string {
    const adapter = this.app.vault.adapter;
    if (!(adapter instanceof FileSystemAdapter))
      throw new Error('MCP Connector needs a vault on the local file system.');
    return `${adapter.getBasePath()}/${this.manifest.dir ?? `${this.app.vault.configDir}/plugins/${this.manifest.id}`}`;
  }
}
