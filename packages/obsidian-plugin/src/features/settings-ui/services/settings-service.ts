/**
 * The settings tab's actions over the real services: every change goes through the settings
 * store (its slices and mutex; token changes through tool-policy's functions, as the tokens CLI
 * does), so it reaches the running server on its next request. Only the port needs a restart,
 * which setPort does (and undoes when the new port cannot be used). The view is recomputed when
 * the settings or the server change, and at most every PROGRESS_MS while the index builds.
 */
import {
  MAX_TOKENS,
  ToolError,
  type ChangeJournalSettings,
  type SemanticSettings,
  type TokenPolicy,
} from '@mcp-connector/shared';
import { checkChangeJournalSettings } from '@mcp-connector/shared/settings-schemas';
import { ArkErrors } from 'arktype';
import { clearTimeout, setTimeout } from 'node:timers';
import { PROTOCOL_REVISIONS } from '../../../connector.ts';
import { normalizeFolderPath, type VaultHost } from '../../../host/index.ts';
import {
  checkServerName,
  forgetRevokedDesktopOwner,
  serverNameFor,
  NODE_NEEDED_BY,
  describeNodeRuntime,
  detectNodeRuntime,
  type NodeRuntime,
} from '../../client-config/index.ts';
import { decisionsToCsv } from '../../command-permissions/index.ts';
import type { SettingsStore } from '../../settings/index.ts';
import {
  addToken,
  promoteTool,
  regenerateToken,
  removePromoted,
  renameToken,
  revokeToken,
  setTokenPolicy,
} from '../../tool-policy/index.ts';
import { ModelDownloadState, type ModelDownloads } from './model-downloads.ts';
import type { ServerLifecycle, ServerStatus } from './server-lifecycle.ts';
import {
  CLIENT_CONFIG_CHOICES,
  clientConfigText,
  desktopSync,
  desktopSyncView,
  installLinkViews,
  mcpbFor,
  type PluginPlace,
} from './client-configs.ts';
import type {
  CommandChoice,
  NewSecret,
  NewToken,
  NodeRuntimeView,
  PromotedTool,
  SavedFile,
  ServerView,
  SettingsApi,
  SettingsView,
} from './settings-api.ts';
import { familyViews, indexStatusView, isKnownTool, serverView, tokenViews } from './views.ts';

/** What the tab needs of the vault: its name, folders and Obsidian's commands. */
export type SettingsHost = Pick<VaultHost, 'vaultName' | 'configDir' | 'listFolders' | 'commands'>;

/** What the tab can open beside itself (in Obsidian: the Recent AI changes view). */
export interface SettingsLinks {
  openRecentChanges?: () => void;
}

const PROGRESS_MS = 250;
const SUGGESTIONS = 20;

/** Looks for Node.js on this process's PATH (in Obsidian: the PATH Obsidian inherited). */
const nodeHere = () => detectNodeRuntime({ env: process.env, platform: process.platform });

export class SettingsService implements SettingsApi {
  private current: SettingsView;
  private node: NodeRuntimeView | null = null;
  private closed = false;
  private readonly listeners = new Set<(view: SettingsView) => void>();
  private readonly stops: (() => void)[];
  private progressTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly downloads: ModelDownloadState;

  constructor(
    private readonly server: ServerLifecycle,
    /** The vault itself, not the clients' guarded view: it suggests folders to hide. */
    private readonly host: SettingsHost,
    /** Where the plugin lives, for .mcpb bundles and the Claude Desktop entry; null when unknown. */
    private readonly place: PluginPlace | null = null,
    /** claude_desktop_config.json (the harness gives a temp one); null: no Desktop sync here. */
    private readonly desktopConfig: string | null = null,
    /** The built-in model's installer; null where the tab cannot install models. */
    models: ModelDownloads | null = null,
    /** What the tab opens beside itself (the Recent AI changes view). */
    private readonly links: SettingsLinks = {},
    /** Finds node and npx; tests give a PATH of their own. */
    nodeRuntime: () => Promise<NodeRuntime> = nodeHere,
  ) {
    this.downloads = new ModelDownloadState(models);
    this.current = this.compute();
    this.stops = [
      this.store.onChange(() => {
        this.downloads.refresh(this.store.current.semantic);
        this.publish();
      }),
      // Usage and promotions learnt by serving: this device's file, not data.json (ADR-0033).
      this.store.usage.onChange(() => this.publish()),
      server.onChange((change) => (change === 'state' ? this.publish() : this.publishSoon())),
      this.downloads.onChange((news) => (news === 'now' ? this.publish() : this.publishSoon())),
    ];
    this.downloads.refresh(this.store.current.semantic);
    void nodeRuntime().then((runtime) => {
      this.node = { ...runtime, summary: describeNodeRuntime(runtime), neededBy: NODE_NEEDED_BY };
      if (!this.closed) this.publish();
    });
  }

  private get store(): SettingsStore {
    return this.server.settings;
  }

  view(): SettingsView {
    return this.current;
  }

  subscribe(listener: (view: SettingsView) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  close(): void {
    this.closed = true;
    for (const stop of this.stops) stop();
    if (this.progressTimer !== null) clearTimeout(this.progressTimer);
    this.listeners.clear();
  }

  async restartServer(): Promise<ServerView> {
    return this.serving(await this.server.restart());
  }

  async setPort(port: number | null): Promise<ServerView> {
    if (port !== null && !(Number.isInteger(port) && port >= 1024 && port <= 65535))
      throw new Error(
        'A fixed port is a whole number from 1024 to 65535; leave it blank for automatic.',
      );
    const previous = this.store.current.transport.port;
    await this.store.updateSlice('transport', (transport) => ({ ...transport, port }));
    const status = await this.server.restart();
    if (status.state === 'serving' || previous === port) return this.serving(status);
    await this.store.updateSlice('transport', (transport) => ({ ...transport, port: previous }));
    const back = await this.server.restart();
    const where = back.port === null ? 'it is stopped' : `it serves on port ${back.port} again`;
    throw new Error(
      `Port ${port} could not be used (${status.error}); the setting was put back and ${where}.`,
    );
  }

  async setServerName(name: string | null): Promise<void> {
    const serverName = name === null ? null : checkServerName(name);
    await this.store.updateSlice('transport', (transport) =>
      transport.serverName === serverName ? transport : { ...transport, serverName },
    );
  }

  async addToken(token: NewToken): Promise<NewSecret> {
    const record = await addToken(this.store, token.label, {
      profile: token.profile,
      readOnly: token.readOnly,
    });
    return { tokenId: record.id, label: record.label, secret: record.secret };
  }

  async renameToken(id: string, label: string): Promise<void> {
    await renameToken(this.store, id, label);
  }

  async regenerateToken(id: string): Promise<NewSecret> {
    const record = await regenerateToken(this.store, id);
    return { tokenId: record.id, label: record.label, secret: record.secret };
  }

  async revokeToken(id: string): Promise<void> {
    await revokeToken(this.store, id);
    // The running server does this too; here it also happens while the server is stopped.
    if (this.desktopConfig !== null)
      await forgetRevokedDesktopOwner(this.store, this.desktopConfig);
  }

  async clientConfig(tokenId: string, configId: string): Promise<string> {
    const token = this.requireToken(tokenId);
    const url = this.server.status().url;
    if (url === null)
      throw new Error('The server is not running: restart it (Server, Restart) first.');
    if (token.secret === null) throw notOnThisDevice(token.label);
    return clientConfigText(configId, {
      url,
      secret: token.secret,
      serverName: this.current.effectiveServerName,
    });
  }

  async mcpbBundle(tokenId: string): Promise<SavedFile> {
    const token = this.requireToken(tokenId);
    if (this.place === null)
      throw new Error('The plugin folder is unknown here, so no bundle can be made.');
    const { fileName, bytes } = await mcpbFor(token, this.place, this.host);
    return { fileName, base64: Buffer.from(bytes).toString('base64') };
  }

  async setDesktopSync(tokenId: string | null): Promise<string> {
    if (this.place === null || this.desktopConfig === null)
      throw new Error("Claude Desktop sync needs the vault on this computer's disk.");
    if (tokenId !== null) this.requireToken(tokenId);
    const vault = { ...this.place, vaultName: this.host.vaultName, configDir: this.host.configDir };
    return desktopSync(this.store, tokenId, vault, this.desktopConfig);
  }

  async setTokenPolicy(id: string, change: Partial<TokenPolicy>): Promise<void> {
    this.requireToken(id);
    const unknown = [...(change.allowlist ?? []), ...(change.promoted ?? [])].filter(
      (name) => !isKnownTool(name),
    );
    if (unknown.length > 0) throw new Error(`No tool is called ${unknown.join(', ')}.`);
    await setTokenPolicy(this.store, id, change);
  }

  async addPromoted(id: string, name: string): Promise<void> {
    this.requireToken(id);
    await promoteTool(this.store, id, name);
  }

  async removePromoted(id: string, tool: PromotedTool): Promise<void> {
    this.requireToken(id);
    await removePromoted(this.store, id, tool);
  }

  async resetAdaptive(id: string): Promise<void> {
    this.requireToken(id);
    await setTokenPolicy(this.store, id, { promoted: [] });
    await this.store.updateSlice('toolPolicy', (policy) => ({ ...policy, promoted: [] }));
    await this.store.usage.update((usage) => ({
      ...usage,
      promoted: [],
      calls: {},
      pinned: { ...usage.pinned, [id]: [] },
    }));
  }

  async setToolEnabled(name: string, enabled: boolean): Promise<void> {
    if (!isKnownTool(name)) throw new Error(`No tool is called ${name}.`);
    await this.store.updateSlice('toolPolicy', (policy) => {
      const others = policy.userDisabled.filter((tool) => tool !== name);
      const userDisabled = enabled ? others : [...others, name];
      return sameItems(userDisabled, policy.userDisabled) ? policy : { ...policy, userDisabled };
    });
  }

  async suggestFolders(query: string): Promise<string[]> {
    const wanted = query.trim().toLowerCase();
    const hidden = new Set(this.store.current.hiddenFolders.map((folder) => folder.toLowerCase()));
    return this.host
      .listFolders()
      .map((folder) => folder.path)
      .filter((path) => path !== '' && !hidden.has(path.toLowerCase()))
      .filter((path) => path.toLowerCase().includes(wanted))
      .sort((a, b) => a.localeCompare(b))
      .slice(0, SUGGESTIONS);
  }

  async addHiddenFolder(path: string): Promise<void> {
    const folder = normalizeFolderPath(path.trim(), this.host.configDir);
    if (folder === '')
      throw new Error('Hiding the vault root would hide everything; pick a folder.');
    await this.store.updateSlice('hiddenFolders', (folders) =>
      folders.some((entry) => entry.toLowerCase() === folder.toLowerCase())
        ? folders
        : [...folders, folder],
    );
  }

  async removeHiddenFolder(path: string): Promise<void> {
    await this.store.updateSlice('hiddenFolders', (folders) =>
      folders.includes(path) ? folders.filter((folder) => folder !== path) : folders,
    );
  }

  async setCommandsEnabled(enabled: boolean): Promise<void> {
    await this.store.updateSlice('commands', (commands) =>
      commands.enabled === enabled ? commands : { ...commands, enabled },
    );
  }

  async suggestCommands(query: string): Promise<CommandChoice[]> {
    const wanted = query.trim().toLowerCase();
    const listed = new Set(this.store.current.commands.allowlist);
    return (this.host.commands()?.list() ?? [])
      .filter((command) => !listed.has(command.id))
      .filter((command) => `${command.id} ${command.name}`.toLowerCase().includes(wanted))
      .slice(0, SUGGESTIONS);
  }

  async addAllowedCommand(id: string): Promise<void> {
    const commandId = id.trim();
    if (commandId === '' || /\s|\*/.test(commandId))
      throw new Error(
        'Enter one exact command ID, such as "editor:toggle-bold" (no spaces or wildcards).',
      );
    await this.store.updateSlice('commands', (commands) =>
      commands.allowlist.includes(commandId)
        ? commands
        : { ...commands, allowlist: [...commands.allowlist, commandId] },
    );
  }

  async removeAllowedCommand(id: string): Promise<void> {
    await this.store.updateSlice('commands', (commands) =>
      commands.allowlist.includes(id)
        ? { ...commands, allowlist: commands.allowlist.filter((entry) => entry !== id) }
        : commands,
    );
  }

  async setWarnPerMinute(calls: number): Promise<void> {
    if (!Number.isInteger(calls) || calls < 1 || calls > 100)
      throw new Error('The warning threshold is a whole number of calls a minute, from 1 to 100.');
    await this.store.updateSlice('commands', (commands) =>
      commands.warnPerMinute === calls ? commands : { ...commands, warnPerMinute: calls },
    );
  }

  async decisionsCsv(): Promise<string> {
    return decisionsToCsv(this.store.current.commands.decisions);
  }

  async setSemantic(change: Partial<SemanticSettings>): Promise<void> {
    await this.store.updateSlice('semantic', (semantic) => {
      const next = { ...semantic, ...change };
      return JSON.stringify(next) === JSON.stringify(semantic) ? semantic : next;
    });
  }

  async rebuildIndex(): Promise<void> {
    const semantic = this.server.running?.semantic ?? null;
    if (semantic === null)
      throw new Error('Semantic search is not running: start the server (Server, Restart) first.');
    if (!this.store.current.semantic.enabled)
      throw new Error('Semantic search is off; turn it on first.');
    await semantic.rebuild();
  }

  async downloadModel(): Promise<void> {
    await this.downloads.download(this.store.current.semantic);
  }

  async cancelModelDownload(): Promise<void> {
    this.downloads.cancel(this.store.current.semantic);
  }

  async setChangeJournal(change: Partial<ChangeJournalSettings>): Promise<void> {
    const next = checkChangeJournalSettings({ ...this.store.current.changeJournal, ...change });
    if (next instanceof ArkErrors)
      throw new Error(
        'The journal keeps 1 to 10000 MB, for 1 to 3650 days, and binary files of up to 1000 MB.',
      );
    await this.store.updateSlice('changeJournal', (current) =>
      JSON.stringify(current) === JSON.stringify(next) ? current : next,
    );
  }

  async openRecentChanges(): Promise<void> {
    if (this.links.openRecentChanges === undefined)
      throw new Error('The Recent AI changes view opens inside Obsidian.');
    this.links.openRecentChanges();
  }

  private serving(status: ServerStatus): ServerView {
    if (status.state !== 'serving')
      throw new Error(`The server could not start: ${status.error ?? 'unknown error'}`);
    return serverView(status, PROTOCOL_REVISIONS);
  }

  private requireToken(id: string) {
    const token = this.current.tokens.find((candidate) => candidate.id === id);
    if (token === undefined)
      throw new ToolError('not_found', 'That token no longer exists; it may have been revoked.');
    return token;
  }

  private compute(): SettingsView {
    const settings = this.store.current;
    const semantic = this.server.running?.semantic ?? null;
    const effectiveServerName = serverNameFor(this.host.vaultName, settings.transport.serverName);
    return {
      vaultName: this.host.vaultName,
      settingsProblem: this.store.problem,
      refusing: this.store.refusal !== null,
      server: serverView(this.server.status(), PROTOCOL_REVISIONS),
      port: settings.transport.port,
      serverName: settings.transport.serverName,
      derivedServerName: serverNameFor(this.host.vaultName),
      effectiveServerName,
      clientConfigs: CLIENT_CONFIG_CHOICES,
      canExportMcpb: this.place !== null,
      desktop: desktopSyncView(
        settings,
        effectiveServerName,
        this.place === null ? null : this.desktopConfig,
      ),
      node: this.node,
      tokens: tokenViews(settings, {
        secretOf: (id) => this.store.secrets.get(id),
        usage: this.store.usage.current,
        installLinks: (secret) =>
          installLinkViews(this.server.status().url, secret, effectiveServerName),
      }),
      maxTokens: MAX_TOKENS,
      families: familyViews(settings),
      hiddenFolders: settings.hiddenFolders,
      commands: settings.commands,
      semantic: {
        settings: settings.semantic,
        status: indexStatusView(semantic?.status() ?? null),
        nativeModels: this.downloads.menu(),
        model: this.downloads.view(settings.semantic),
      },
      changeJournal: settings.changeJournal,
      canOpenRecentChanges: this.links.openRecentChanges !== undefined,
    };
  }

  private publish(): void {
    if (this.progressTimer !== null) clearTimeout(this.progressTimer);
    this.progressTimer = null;
    this.current = this.compute();
    for (const listener of this.listeners) listener(this.current);
  }

  /** Index progress comes per batch: coalesce it. */
  private publishSoon(): void {
    this.progressTimer ??= setTimeout(() => this.publish(), PROGRESS_MS);
  }
}

function notOnThisDevice(label: string): Error {
  return new Error(
    `The secret of "${label}" was made on another device and is not kept on this one. Regenerate it here to get one (clients using the old secret then need the new one).`,
  );
}

function sameItems(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((item, index) => item === b[index]);
}
