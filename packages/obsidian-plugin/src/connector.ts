/**
 * The composition root both the plugin and the headless server start: settings, tokens, the
 * tool policy, the hidden-folders guard, the change journal, the tool registry, the prompts
 * watcher and the transport over one VaultHost: HTTP on loopback (`startConnector`) or,
 * headless, one client over stdio as one token (`startStdioConnector`).
 * It imports no runtime value from 'obsidian', so headless reuses it unchanged.
 */
import { PRODUCT_NAMES, type DeviceToken } from '@mcp-connector/shared';
import {
  SUPPORTED_PROTOCOL_VERSIONS,
  type CallToolResult,
  type ServerNotifier,
} from '@modelcontextprotocol/server';
import { dirname } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { Lifecycle, type LifecycleOptions, type LifecycleState } from './lifecycle.ts';
import { ALWAYS_INDEXED, type VaultIndexing } from './host/index-status.ts';
import type { VaultHost } from './host/vault-host.ts';
import {
  progressLine,
  setupSemanticSearch,
  type SemanticSearch,
  throttled,
  type SemanticSearchOptions,
} from './features/semantic-search/index.ts';
import {
  desktopConfigPath,
  desktopExtensionsPath,
  forgetRevokedDesktopOwner,
  upgradeInstalledShims,
  publishLiveServer,
  withdrawLiveServer,
} from './features/client-config/index.ts';
import { ChangeJournal } from './features/change-journal/index.ts';
import { Operations, TaskStore } from './features/long-work/index.ts';
import { commandGateFor, type PermissionPrompt } from './features/command-permissions/index.ts';
import {
  allTools,
  closeSearchServices,
  warmSearchServices,
  metaTools,
  type CommandGate,
  type ServerFacts,
} from './features/mcp-tools/index.ts';
import {
  startStdioTransport,
  INDEX_WAIT_MS,
  startTransport,
  type McpSurface,
  type ServerExtension,
  type TransportLimits,
} from './features/mcp-transport/index.ts';
import { watchPrompts } from './features/prompts/index.ts';
import { moveOutOfVault, type SettingsStore } from './features/settings/index.ts';
import {
  HiddenFoldersHost,
  HiddenPaths,
  ToolPolicyEngine,
  ensureDefaultToken,
} from './features/tool-policy/index.ts';

export type { ServerExtension, ToolHandlers } from './features/mcp-transport/index.ts';
export { buildingSentence } from './features/mcp-transport/index.ts';

export const SERVER_NAME = PRODUCT_NAMES.pluginId;
/** The 2026-07-28 line (server/discover) first, then the legacy handshake revisions. */
export const PROTOCOL_REVISIONS: readonly string[] = ['2026-07-28', ...SUPPORTED_PROTOCOL_VERSIONS];

export interface ConnectorOptions {
  host: VaultHost;
  /** How far the host's index is (headless builds it while serving); always ready by default. */
  indexing?: VaultIndexing;
  /** How long a call that needs the index waits for it before `index_building` (default 10 s). */
  indexWaitMs?: number;
  settings: SettingsStore;
  version: string;
  /** Overrides the port in the settings (headless `--port`). */
  port?: number | null;
  /** Ports tried when no port is fixed (tests pick their own). */
  portRange?: readonly number[];
  onError?: (error: Error) => void;
  /** Body time limit and connection cap (tests shrink them). */
  transportLimits?: TransportLimits;
  /** Told of each HTTP request and, by the function it returns, of its end (idle exit). */
  onRequest?: () => () => void;
  /** Test-only server additions (the conformance fixtures); the plugin never sets this. */
  extend?: ServerExtension;
  /** Decides Obsidian command runs; by default the settings' gate, asking `commandPrompt`. */
  commandGate?: CommandGate;
  /** Asks the user about commands off the allowlist (the plugin's modal); headless has none. */
  commandPrompt?: PermissionPrompt;
  /** Tells the user something they should see (a Notice in Obsidian, a log line headless). */
  notifyUser?: (message: string) => void;
  semantic?: SemanticWiring;
  /** claude_desktop_config.json, whose entry for this vault goes when its token is revoked. */
  desktopConfigPath?: string;
  /** Claude Desktop's installed extensions, whose copies of our shim are kept current. */
  desktopExtensionsPath?: string;
  /** Aborting it stops a start under way (releasing what it started) or closes the connector. */
  signal?: LifecycleOptions['signal'];
  /** Hears each step of the start as it completes, then 'ready' (tests stop a start there). */
  onStartStep?: LifecycleOptions['onStep'];
}

/** How semantic search is composed on this host. */
export interface SemanticWiring {
  /** Where providers find their models (the plugin's folder, Smart Connections). */
  environment?: SemanticSearchOptions['environment'];
  /** Replaces the settings' provider (tests use the hashing provider). */
  createProvider?: SemanticSearchOptions['createProvider'];
  /** Build the index now (the plugin, after layout-ready); otherwise the first query starts it. */
  startNow?: boolean;
  /**
   * A line for the status bar or the log while the index builds: every change of state, and in
   * between at most one line every `progressEveryMs` (default 5 s), never one per note.
   */
  onProgress?: (line: string) => void;
  progressEveryMs?: number;
  /** The first search ranked by keywords because the native model is not installed. */
  onModelNeeded?: SemanticSearchOptions['onModelNeeded'];
  queryWaitMs?: number;
}

export interface RunningConnector {
  url: string;
  port: number;
  /**
   * The first token, which a fresh install creates as "Default", with its secret when this device
   * holds it; null while the settings cannot be trusted (then nothing is minted and every
   * request is refused until the file is fixed).
   */
  defaultToken: DeviceToken | null;
  /** The vault as clients see it: the host behind the hidden-folders guard. */
  host: VaultHost;
  /** The semantic index: its progress and a rebuild (the settings tab); null if it failed to set up. */
  semantic: Pick<SemanticSearch, 'status' | 'rebuild'> | null;
  /** Every agent write, undoable (the Obsidian view and notice use it as the user). */
  changes: ChangeJournal;
  /** The calls running now: the status bar shows the long ones and stops them. */
  operations: Operations;
  /** Where the connector is in its life: 'ready' once started, 'closed' once closed. */
  readonly state: LifecycleState;
  close(): Promise<void>;
}

export async function startConnector(options: ConnectorOptions): Promise<RunningConnector> {
  const life = lifecycleOf(options);
  return life.start(async () => {
    const composed = await composeOn(life, options);
    const running = await startTransport({
      port: options.port ?? options.settings.current.transport.port,
      tokens: () => options.settings.current.tokens,
      beforeRequest: () => options.settings.refresh(),
      refusal: () => options.settings.refusal,
      ...(options.transportLimits && { limits: options.transportLimits }),
      surface: composed.surface,
      ...(options.portRange && { portRange: options.portRange }),
      ...(options.onError && { onError: options.onError }),
      ...(options.onRequest && { onRequest: options.onRequest }),
    });
    life.defer(() => running.close());
    composed.publishTo(running.notify);
    life.step('transport');
    // Stdio shims and `connect` read the live port from this file (ADR-0009); serving goes on
    // without it.
    const onError = options.onError ?? (() => undefined);
    const liveServer = options.settings.device.liveServer;
    await publishLiveServer(liveServer, running.port, composed.host.kind, running.proofKey).catch(
      onError,
    );
    life.defer(() => withdrawLiveServer(liveServer, running.port).catch(onError));
    life.step('live-server');
    return {
      url: running.url,
      port: running.port,
      defaultToken: composed.defaultToken,
      host: composed.host,
      semantic: composed.semantic,
      changes: composed.changes,
      operations: composed.surface.operations,
      get state() {
        return life.state;
      },
      close: () => life.close(),
    };
  }, errorReporter(options));
}

export interface StdioConnectorOptions extends Omit<
  ConnectorOptions,
  'port' | 'portRange' | 'transportLimits' | 'onRequest'
> {
  /** The token (an existing one) every message is served as. */
  tokenId: string;
  /** Test streams instead of the process's stdin and stdout. */
  input?: Readable;
  output?: Writable;
}

export interface RunningStdioConnector {
  host: VaultHost;
  /** The calls running now (the terminal shows the long ones). */
  operations: Operations;
  /** Resolves when the client closes stdin. */
  closed: Promise<void>;
  close(): Promise<void>;
}

/** The same composition as `startConnector`, served to one client over stdin/stdout. */
export async function startStdioConnector(
  options: StdioConnectorOptions,
): Promise<RunningStdioConnector> {
  const life = lifecycleOf(options);
  return life.start(async () => {
    const composed = await composeOn(life, options);
    const running = startStdioTransport({
      tokenId: options.tokenId,
      tokens: () => options.settings.current.tokens,
      beforeRequest: () => options.settings.refresh(),
      refusal: () => options.settings.refusal,
      surface: composed.surface,
      ...(options.onError && { onError: options.onError }),
      ...(options.input && { input: options.input }),
      ...(options.output && { output: options.output }),
    });
    life.defer(() => running.close());
    composed.publishTo(running.notify);
    life.step('transport');
    return {
      host: composed.host,
      operations: composed.surface.operations,
      closed: running.closed,
      close: () => life.close(),
    };
  }, errorReporter(options));
}

function lifecycleOf(options: Pick<ConnectorOptions, 'signal' | 'onStartStep'>): Lifecycle {
  return new Lifecycle({
    ...(options.signal && { signal: options.signal }),
    ...(options.onStartStep && { onStep: options.onStartStep }),
  });
}

function errorReporter(options: { onError?: (error: Error) => void }) {
  return (error: unknown) =>
    options.onError?.(error instanceof Error ? error : new Error(String(error)));
}

interface Composition {
  defaultToken: DeviceToken | null;
  host: VaultHost;
  surface: McpSurface;
  semantic: SemanticSearch | null;
  changes: ChangeJournal;
  /** Sends list-changed events to the transport, once it runs. */
  publishTo(notify: ServerNotifier): void;
}

/**
 * Everything but the transport (settings, tokens, policy, hidden folders, the change journal,
 * prompts, search), each part's release deferred onto `life` right after it starts, and each
 * part ending in a step, so close (or a stopped start) releases them in reverse.
 */
async function composeOn(
  life: Lifecycle,
  options: Omit<ConnectorOptions, 'port' | 'portRange' | 'transportLimits'>,
): Promise<Composition> {
  const { settings } = options;
  const defaultToken = settings.refusal === null ? await ensureDefaultToken(settings) : null;
  life.step('tokens');
  await settings.watch();
  life.defer(() => settings.close());
  life.step('settings');
  await leaveOldPlaces(settings, options).catch(errorReporter(options));
  life.step('device-home');
  const host = new HiddenFoldersHost(options.host, () => settings.current.hiddenFolders);
  life.defer(() => host.close());
  life.defer(() => closeSearchServices(host));
  life.step('hidden-folders');
  const changes = await openChangeJournal(host, options);
  life.defer(() => changes.close());
  life.step('change-journal');
  // Closed before the journal: a call the close stops puts its writes back through it.
  const operations = new Operations({ callerOf: (tokenId) => tokenLabel(settings, tokenId) });
  life.defer(() => operations.close());
  const tasks = new TaskStore<CallToolResult>();
  life.step('operations');
  let notify: ServerNotifier | null = null;
  const policy = new ToolPolicyEngine(settings, allTools, metaTools, {
    surfaceWidened: options.notifyUser ?? (() => undefined),
    broadcastToolsChanged: () => notify?.toolsChanged(),
  });
  life.defer(() => policy.close());
  life.defer(
    settings.onChange((current) =>
      policy.forgetTokensExcept(current.tokens.map((token) => token.id)),
    ),
  );
  life.step('tool-policy');
  const semantic = composeSemanticSearch(host, settings, options.semantic ?? {});
  life.defer(semantic.dispose);
  life.step('semantic-search');
  // Prompt notes added, deleted, renamed or retagged reach 2026-07-28 listen streams; a
  // settings change may hide or show Prompts/, which no vault event reports.
  const prompts = watchPrompts(host, () => notify?.promptsChanged(), {
    ...(options.onError && { onError: options.onError }),
  });
  life.defer(() => prompts.stop());
  life.defer(settings.onChange(() => prompts.recheck()));
  life.step('prompts');
  const indexing = options.indexing ?? ALWAYS_INDEXED;
  // Once the index is there: the prompt list is whole, and search can take the texts it holds.
  // A turn later, so the calls that waited for the index are answered first (warming search
  // builds the folding table: tens of ms); nothing once closed.
  life.afterFulfilled(indexing.ready(), () => {
    prompts.recheck();
    warmSearchServices(host);
  });
  const desktopConfig = options.desktopConfigPath ?? desktopConfigPath();
  life.defer(
    settings.onChange(() => {
      forgetRevokedDesktopOwner(settings, desktopConfig).then((removed) => {
        if (removed !== null) options.notifyUser?.(removed.message);
      }, errorReporter(options));
    }),
  );
  life.step('desktop-config');
  const facts: ServerFacts = {
    name: SERVER_NAME,
    version: options.version,
    hostKind: host.kind,
    protocolRevisions: PROTOCOL_REVISIONS,
  };
  const surface: McpSurface = {
    facts,
    host,
    indexing,
    indexWaitMs: options.indexWaitMs ?? INDEX_WAIT_MS,
    commandGate: options.commandGate ?? commandGateFor(settings, options.commandPrompt ?? null),
    semanticSearch: semantic.service,
    hiddenFoldersActive: () => settings.current.hiddenFolders.length > 0,
    policyFor: (tokenId, notifyCaller) => policy.forRequest(tokenId, notifyCaller),
    recordRequest: (tokenId, era) => policy.usage.recordRequest(tokenId, era),
    changesFor: (tokenId, permit) =>
      changes.forActor({ tokenId, label: tokenLabel(settings, tokenId) }, permit),
    operations,
    tasks,
    ...(options.extend && { extend: options.extend }),
  };
  return {
    defaultToken,
    host,
    surface,
    semantic: semantic.service,
    changes,
    publishTo: (next) => (notify = next),
  };
}

/**
 * What an older version kept in the vault's plugin folder moves to the device home, or goes
 * (caches), and installed copies of our shim for this vault are brought up to date, so bundles
 * exported before read the secret where it now is (ADR-0033).
 */
async function leaveOldPlaces(settings: SettingsStore, options: ConnectorOptions): Promise<void> {
  const pluginFolder = dirname(settings.path);
  const left = await moveOutOfVault(pluginFolder, settings.device);
  for (const kept of left.kept) options.notifyUser?.(`Local MCP Server: kept ${kept}.`);
  await upgradeInstalledShims({
    device: settings.device,
    pluginFolder,
    extensionsFolder: options.desktopExtensionsPath ?? desktopExtensionsPath(),
  });
}

/** The journal in the vault's device home, writing through the guarded host (ADR-0014, ADR-0033). */
function openChangeJournal(host: VaultHost, options: ConnectorOptions): Promise<ChangeJournal> {
  const { settings } = options;
  return ChangeJournal.open({
    folder: settings.device.changeJournal,
    host,
    unguardedHost: options.host,
    vaultReady: () => (options.indexing ?? ALWAYS_INDEXED).ready(),
    settings: () => settings.current.changeJournal,
    isHidden: (path) => new HiddenPaths(settings.current.hiddenFolders).covers(path),
    ...(options.notifyUser && { onProblem: options.notifyUser }),
  });
}

function tokenLabel(settings: SettingsStore, tokenId: string): string {
  return settings.current.tokens.find((token) => token.id === tokenId)?.label ?? tokenId;
}

/**
 * Semantic search over the guarded host, its index in the vault's device cache. It follows the settings:
 * a changed `semantic` slice switches provider or turns it off; a changed hidden-folders list
 * re-syncs the index (no vault event reports that).
 */
function composeSemanticSearch(host: VaultHost, settings: SettingsStore, wiring: SemanticWiring) {
  const setup = setupSemanticSearch({
    host,
    indexDirectory: settings.device.semanticIndex,
    settings: settings.current.semantic,
    ...(wiring.environment && { environment: wiring.environment }),
    ...(wiring.createProvider && { createProvider: wiring.createProvider }),
    ...(wiring.queryWaitMs !== undefined && { queryWaitMs: wiring.queryWaitMs }),
    ...(wiring.onModelNeeded && { onModelNeeded: wiring.onModelNeeded }),
    ...(wiring.onProgress && {
      onProgress: throttled(
        (status) => wiring.onProgress?.(progressLine(status)),
        wiring.progressEveryMs ?? 5000,
      ),
    }),
  });
  if (!setup.ok) return { service: null, dispose: setup.dispose };
  const service = setup.service;
  if (wiring.startNow === true && settings.current.semantic.enabled) service.start();
  let previous = settings.current;
  const stop = settings.onChange((current) => {
    if (current.semantic !== previous.semantic) void service.applySettings(current.semantic);
    if (current.hiddenFolders !== previous.hiddenFolders) void service.resync();
    previous = current;
  });
  return {
    service,
    dispose: async () => {
      stop();
      await setup.dispose();
    },
  };
}
