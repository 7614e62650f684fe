/**
 * The settings tab in real Chromium against the real services: a temp copy of the demo vault,
 * its settings store, the connector started through ServerLifecycle exactly as the plugin does
 * (one host, one store, restarts included) on a port the system picks, and SettingsService. The
 * page (page-server.ts) mounts the tab's Svelte root; its bridge calls reach this
 * SettingsService through a Playwright binding, and every new view is pushed back to it.
 * Claude Desktop's config is looked for under a temp home of the harness's own (never this
 * machine's): `desktopConfig` is its path, for a test to seed and check.
 * With `nativeModel`, semantic search runs the native provider as in Obsidian: its files are
 * installed with consent through the tab (ModelInstaller into the vault's plugin folder, from the
 * given sources), embedded in a worker thread; until then search_vault_smart ranks by keywords.
 * `stop` closes the browser, the servers and deletes the vault and the temp home.
 */
import type { Client } from '@modelcontextprotocol/client';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { threadEmbedders } from '../../packages/headless/src/semantic/thread-embedders.ts';
import { NodeHost } from '../../packages/headless/src/node-host/node-host.ts';
import {
  DEMO_VAULT,
  connectMcpClient,
  copyVault,
  settingsPathOf,
  type ProtocolLine,
  type TempVault,
} from '../../packages/headless/src/test-support/index.ts';
import { startConnector } from '../../packages/obsidian-plugin/src/connector.ts';
import {
  desktopConfigPath,
  type NodeRuntime,
} from '../../packages/obsidian-plugin/src/features/client-config/index.ts';
import {
  ModelInstaller,
  NATIVE_MODELS,
  memoryFirstUseRecords,
  hashingProvider,
  nodeModelFolder,
  type EmbeddingProvider,
  type ModelInstallerOptions,
  type NativeModelSpec,
  type Sources,
} from '../../packages/obsidian-plugin/src/features/semantic-search/index.ts';
import { SettingsStore } from '../../packages/obsidian-plugin/src/features/settings/index.ts';
import {
  ServerLifecycle,
  SettingsService,
  type ModelDownloads,
} from '../../packages/obsidian-plugin/src/features/settings-ui/index.ts';
import type { SemanticWiring } from '../../packages/obsidian-plugin/src/connector.ts';
import type { Page } from 'playwright-core';
import manifest from '../../manifest.json' with { type: 'json' };
import {
  ACTIONS,
  SETTINGS_BRIDGE,
} from '../../packages/obsidian-plugin/src/features/settings-ui/test-support/bridge.ts';
import {
  fakeCommands,
  withIntegrations,
} from '../../packages/obsidian-plugin/src/features/mcp-tools/tools/execution/test-support/fake-integrations.ts';
import { openBridgedPage } from './bridged-page.ts';
import { launchChromium } from './chromium.ts';
import { startPageServer } from './page-server.ts';

/** The command palette the harness's vault offers (Obsidian's own ids and names). */
export const HARNESS_COMMANDS = [
  { id: 'editor:toggle-bold', name: 'Toggle bold' },
  { id: 'app:go-back', name: 'Navigate back' },
  { id: 'daily-notes', name: "Open today's daily note" },
  { id: 'app:delete-file', name: 'Delete current file' },
];

export interface HarnessOptions {
  theme?: 'dark' | 'light';
  viewport?: { width: number; height: number };
  /** The semantic provider (default: deterministic hashing, fast). */
  provider?: () => EmbeddingProvider;
  /**
   * The native provider instead, its model (standing in for all-MiniLM-L6-v2) downloaded from
   * `sources` only when the tab's Download button is clicked; `fetch` defaults to the global one.
   */
  nativeModel?: { spec: NativeModelSpec; sources: Sources; fetch?: ModelInstallerOptions['fetch'] };
  /** What the tab shows as found on the PATH (default: this machine's node and npx). */
  nodeRuntime?: NodeRuntime;
}

export interface SettingsHarness {
  page: Page;
  vault: TempVault;
  settings: SettingsStore;
  /** claude_desktop_config.json under the harness's temp home (absent until a test or a sync writes it). */
  desktopConfig: string;
  /** The ids of the commands that ran (the gate allowed them). */
  executed: string[];
  /** How many times the tab asked to open the Recent AI changes view. */
  recentChangesOpened(): number;
  server: ServerLifecycle;
  service: SettingsService;
  /** The native model's installer (`nativeModel`), else null. */
  models: ModelInstaller | null;
  /** The endpoint as it is now (a saved port changes it). */
  endpoint(): URL;
  /** An official MCP client with this token; closed by stop(). */
  connect(token: string, line?: ProtocolLine): Promise<Client>;
  /** The notices the tab has shown so far. */
  notices(): Promise<string[]>;
  stop(): Promise<void>;
}

export async function startSettingsHarness(options: HarnessOptions = {}): Promise<SettingsHarness> {
  const cleanups: (() => unknown)[] = [];
  const teardown = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  };
  try {
    const vault = await copyVault(DEMO_VAULT, 'Demo Vault');
    cleanups.push(() => vault.remove());
    const nodeHost = await NodeHost.open(vault.root);
    cleanups.push(() => nodeHost.close());
    // Headless has no command palette: a few scripted commands stand in for Obsidian's.
    const commands = fakeCommands(HARNESS_COMMANDS);
    const host = withIntegrations(nodeHost, { commands });
    const settings = await SettingsStore.open(settingsPathOf(vault.root));
    const home = await mkdtemp(join(tmpdir(), 'mcp-harness-home-'));
    cleanups.push(() => rm(home, { recursive: true, force: true }));
    const desktopConfig = desktopConfigPath({
      platform: process.platform,
      home,
      env: { XDG_CONFIG_HOME: join(home, '.config'), APPDATA: join(home, 'AppData', 'Roaming') },
    });
    const downloads = await nativeModelDownloads(settings, vault.root, options.nativeModel);
    const createProvider = options.provider ?? (() => hashingProvider(64));
    const server: ServerLifecycle = new ServerLifecycle(settings, (store) =>
      startConnector({
        host,
        settings: store,
        version: manifest.version,
        portRange: [0],
        desktopConfigPath: desktopConfig,
        semantic: {
          startNow: true,
          ...semanticProvider(downloads, createProvider),
          onProgress: () => server.indexProgressed(),
        },
      }),
    );
    cleanups.push(() => server.stop());
    const started = await server.start();
    if (started.state !== 'serving') throw new Error(`The server did not start: ${started.error}`);
    const place = { vaultPath: vault.root, pluginId: manifest.id, version: manifest.version };
    let recentChangesOpened = 0;
    const { nodeRuntime } = options;
    const service = new SettingsService(
      server,
      host,
      place,
      desktopConfig,
      downloads,
      { openRecentChanges: () => recentChangesOpened++ },
      nodeRuntime === undefined ? undefined : () => Promise.resolve(nodeRuntime),
    );
    cleanups.push(() => service.close());
    const pageServer = await startPageServer();
    cleanups.push(() => pageServer.close());
    const browser = await launchChromium(options.viewport);
    cleanups.push(() => browser.close());
    const page = await openBridgedPage(
      browser.context,
      pageServer.url,
      { ...SETTINGS_BRIDGE, actions: ACTIONS },
      service,
      options.theme ?? 'dark',
    );
    const clients: Client[] = [];
    cleanups.push(() => Promise.all(clients.map((client) => client.close().catch(() => null))));
    const endpoint = () => new URL(server.status().url ?? 'http://127.0.0.1:1/mcp');
    return {
      page,
      vault,
      settings,
      desktopConfig,
      executed: commands.executed,
      recentChangesOpened: () => recentChangesOpened,
      server,
      service,
      models: downloads?.installer ?? null,
      endpoint,
      async connect(token, line = 'modern') {
        const client = await connectMcpClient(endpoint(), token, line);
        clients.push(client);
        return client;
      },
      notices: () => page.evaluate(() => [...(Reflect.get(window, 'mcpNotices') as string[])]),
      stop: teardown,
    };
  } catch (error) {
    await teardown();
    throw error;
  }
}

/** The native model's installer over the vault's plugin folder; the settings pick `native`. */
async function nativeModelDownloads(
  settings: SettingsStore,
  vaultRoot: string,
  native: HarnessOptions['nativeModel'],
): Promise<ModelDownloads | null> {
  if (native === undefined) return null;
  await settings.updateSlice('semantic', (semantic) => ({ ...semantic, provider: 'native' }));
  const folder = join(dirname(settings.path), 'models');
  const installer = new ModelInstaller({
    folder: nodeModelFolder(folder),
    runtime: true, // as in Obsidian, whose Web Worker needs onnxruntime-web's .wasm
    sources: native.sources,
    fetch: native.fetch ?? ((url, init) => fetch(url, init)),
    records: memoryFirstUseRecords(),
  });
  return {
    installer,
    folder: `${relative(vaultRoot, folder).split('\\').join('/')}/`,
    nativeModels: { ...NATIVE_MODELS, 'all-MiniLM-L6-v2': native.spec },
  };
}

function semanticProvider(
  downloads: ModelDownloads | null,
  createProvider: () => EmbeddingProvider,
): Pick<SemanticWiring, 'createProvider' | 'environment'> {
  if (downloads === null) return { createProvider };
  const { installer, nativeModels } = downloads;
  return {
    environment: {
      embedders: threadEmbedders(),
      models: installer,
      ...(nativeModels !== undefined && { nativeModels }),
    },
  };
}
