/**
 * The settings UI inside Obsidian, installed from onload: the settings tab, the palette
 * commands, the status-bar item (the server's state, or the AI operation running and how far,
 * which a click or "Stop the running AI operations" stops) and, on layout-ready, the settings, the server's start and a
 * notice of the endpoint; on the first run (data.json had no token yet) a second notice, which
 * stays, with a button to access control; when the plugin's old id is enabled too, a notice
 * that says to disable it (legacy-plugin-notice.ts).
 * main.ts gives it the vault's host, how to open the settings and how to start the server.
 */
import { Notice, type App, type Plugin } from 'obsidian';
import type { RunningConnector } from '../../../connector.ts';
import type { VaultHost } from '../../../host/index.ts';
import type { SettingsStore } from '../../settings/index.ts';
import { CLAUDE_CODE_COMMAND, type PluginPlace } from '../services/client-configs.ts';
import { ServerLifecycle } from '../services/server-lifecycle.ts';
import type { SectionId, SettingsView } from '../services/settings-api.ts';
import type { ModelDownloads } from '../services/model-downloads.ts';
import type { SettingsLinks, SettingsService } from '../services/settings-service.ts';
import { statusBarText } from '../services/status-line.ts';
import { OperationsWatch } from '../services/operations-watch.ts';
import { operationLine, operationsStatus } from '../../long-work/index.ts';
import { noticeLegacyPlugin } from './legacy-plugin-notice.ts';
import { createSettingsTab } from './settings-tab.ts';

export interface SettingsUiOptions {
  /** The vault itself (not the clients' guarded view): folders to suggest, commands to name. */
  host: VaultHost;
  /** Where the plugin lives (for a token's .mcpb); null when the vault is not on a local disk. */
  place: PluginPlace | null;
  /** claude_desktop_config.json, the same path the connector is given. */
  desktopConfigPath: string;
  /** The semantic model's installer, for the Download button (the connector loads from it). */
  models?: ModelDownloads;
  openSettings(): Promise<SettingsStore>;
  /** Composes and starts the connector; calls `indexProgressed` on each index status change. */
  startServer(
    settings: SettingsStore,
    indexProgressed: () => void,
    signal: AbortSignal,
  ): Promise<RunningConnector>;
  /** What the tab links to beside itself (the Recent AI changes view). */
  links?: SettingsLinks;
  /** Told of the server once it exists (before it starts): other views follow it. */
  onServer?: (server: ServerLifecycle) => void;
}

export interface InstalledSettingsUi {
  close(): Promise<void>;
}

/** Obsidian's settings modal: on `app` at run time, not in obsidian.d.ts. */
interface SettingsModal {
  open(): void;
  openTabById(id: string): unknown;
}

export function installSettingsUi(plugin: Plugin, options: SettingsUiOptions): InstalledSettingsUi {
  let service: SettingsService | null = null;
  let lifecycle: ServerLifecycle | null = null;
  let closed = false;
  const waiting: (() => void)[] = [];
  const tab = createSettingsTab(plugin, {
    service: () => service,
    whenReady: (callback) => waiting.push(callback),
  });
  plugin.addSettingTab(tab);

  const openSection = (section: SectionId): void => {
    tab.reveal(section);
    const modal = settingsModalOf(plugin.app);
    if (modal === null) new Notice('Open settings, then Local MCP Server under community plugins.');
    else {
      modal.open();
      modal.openTabById(plugin.manifest.id);
    }
  };

  const statusBar = plugin.addStatusBarItem();
  statusBar.addClass('mod-clickable');
  statusBar.setText('MCP starting');
  let operations: OperationsWatch | null = null;
  const renderStatus = (): void => {
    const shown = operations?.shown() ?? [];
    const work = operationsStatus(shown);
    const idle = service === null ? 'MCP starting' : statusBarText(service.view());
    statusBar.setText(work ?? idle);
    statusBar.setAttribute(
      'aria-label',
      work === null ? idle : `${shown.map(operationLine).join('\n')}\nClick to stop.`,
    );
  };
  const stopOperations = (): void => {
    const stopped = operations?.stopAll() ?? [];
    new Notice(
      stopped.length === 0
        ? 'No AI operation is running.'
        : `Stopping ${stopped.map((view) => view.tool).join(', ')}: whatever it changed is being put back.`,
    );
  };
  plugin.registerDomEvent(statusBar, 'click', () => {
    if ((operations?.shown() ?? []).length > 0) stopOperations();
    else openSection('server');
  });

  addCommands(plugin, () => service, {
    openSection,
    restart: () => service?.restartServer() ?? Promise.reject(new Error('not started yet')),
    stopOperations,
  });

  const start = async (): Promise<void> => {
    const settings = await options.openSettings();
    // Loaded on layout-ready with the server it drives, not while main.js evaluates.
    const { SettingsService } = await import('../services/settings-service.ts');
    if (closed) return;
    noticeLegacyPlugin(plugin.app);
    if (settings.problem !== null) new Notice(`Local MCP Server settings: ${settings.problem}`, 0);
    // A first run: no data.json yet, or one without tokens (not one that could not be read).
    const firstRun = settings.problem === null && settings.current.tokens.length === 0;
    const server: ServerLifecycle = new ServerLifecycle(settings, (store, signal) =>
      options.startServer(store, () => server.indexProgressed(), signal),
    );
    lifecycle = server;
    options.onServer?.(server);
    service = new SettingsService(
      server,
      options.host,
      options.place,
      options.desktopConfigPath,
      options.models ?? null,
      options.links,
    );
    service.subscribe(renderStatus);
    operations = new OperationsWatch(server, renderStatus);
    for (const callback of waiting.splice(0)) callback();
    const status = await server.start();
    renderStatus();
    if (status.state === 'failed')
      new Notice(`Local MCP Server could not start: ${status.error}`, 0);
    else if (status.url !== null) {
      new Notice(`Local MCP Server is serving at ${status.url}`);
      if (firstRun) showFirstRunNotice(openSection);
    }
  };

  plugin.app.workspace.onLayoutReady(() => {
    start().catch((error: unknown) => {
      console.error('Local MCP Server could not start:', error);
      new Notice(`Local MCP Server could not start: ${messageOf(error)}`, 0);
    });
  });

  return {
    close: async () => {
      closed = true;
      operations?.close();
      service?.close();
      await lifecycle?.stop();
    },
  };
}

interface CommandActions {
  openSection(section: SectionId): void;
  restart(): Promise<unknown>;
  stopOperations(): void;
}

function addCommands(
  plugin: Plugin,
  service: () => SettingsService | null,
  actions: CommandActions,
): void {
  const view = () => service()?.view() ?? null;
  plugin.addCommand({
    id: 'copy-endpoint',
    name: 'Copy MCP endpoint',
    callback: () => {
      const url = view()?.server.url ?? null;
      if (url === null) new Notice(notServing(view()));
      else void copy(url, `Copied ${url}`);
    },
  });
  plugin.addCommand({
    id: 'copy-claude-code-setup',
    name: 'Copy Claude Code setup for the Default token',
    callback: () => {
      const current = service();
      const view = current?.view() ?? null;
      const token = view?.tokens.find((entry) => entry.label === 'Default') ?? view?.tokens[0];
      if (current === null || (view?.server.url ?? null) === null) new Notice(notServing(view));
      else if (token === undefined) new Notice('There is no token yet; add one in access control.');
      else
        current.clientConfig(token.id, CLAUDE_CODE_COMMAND).then(
          (command) => copy(command, `Copied the Claude Code setup for "${token.label}".`),
          (error: unknown) => new Notice(messageOf(error)),
        );
    },
  });
  plugin.addCommand({
    id: 'open-settings',
    name: 'Open settings',
    callback: () => actions.openSection('server'),
  });
  plugin.addCommand({
    id: 'stop-ai-operations',
    name: 'Stop the running AI operations',
    callback: () => actions.stopOperations(),
  });
  plugin.addCommand({
    id: 'restart-server',
    name: 'Restart MCP server',
    callback: () => {
      actions.restart().then(
        () => new Notice(`MCP server restarted on port ${view()?.server.port ?? '?'}.`),
        (error: unknown) => new Notice(`MCP server did not restart: ${messageOf(error)}`, 0),
      );
    },
  });
}

function showFirstRunNotice(openSection: (section: SectionId) => void): void {
  let notice: Notice | null = null;
  const message = createFragment((fragment) => {
    fragment.createDiv({
      text: 'Each AI client needs its own token: copy the Default one, or add one per client.',
    });
    const button = fragment.createEl('button', { cls: 'mod-cta', text: 'Open access control' });
    button.addEventListener('click', () => {
      notice?.hide();
      openSection('access');
    });
  });
  notice = new Notice(message, 0);
}

async function copy(text: string, done: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    new Notice(done);
  } catch {
    new Notice('Could not copy: the clipboard is not available.');
  }
}

function notServing(view: SettingsView | null): string {
  if (view === null || view.server.state === 'starting') return 'The MCP server is still starting.';
  return `The MCP server is not running${view.server.error === null ? '' : `: ${view.server.error}`}. Restart it from the settings.`;
}

function settingsModalOf(app: App): SettingsModal | null {
  const setting = (app as App & { setting?: Partial<SettingsModal> }).setting;
  if (typeof setting?.open !== 'function' || typeof setting.openTabById !== 'function') return null;
  return setting as SettingsModal;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
