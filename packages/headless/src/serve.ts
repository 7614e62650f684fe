/**
 * Headless serving: the plugin's connector over a NodeHost, with the same data.json the plugin
 * would use (<vault>/.obsidian/plugins/local-mcp-server/data.json, created with a Default token if
 * missing), over loopback HTTP (`serveVault`) or to one client over stdio (`serveVaultOverStdio`).
 * One HTTP server per vault: live-server.json is claimed first, so a second headless server, or
 * one started while Obsidian serves the vault, is refused (ADR-0009). `serve --stdio` relays to
 * the vault's one server, starting a background one when none runs (ADR-0047, stdio-relay.ts);
 * `serveVaultOverStdio` is the in-process stdio server (`--in-process`), which claims nothing
 * (ADR-0017).
 */
import {
  deviceHomeOf,
  deviceRoots,
  thisDevice,
  type TokenRecord,
  type VaultDeviceHome,
} from '@mcp-connector/shared';
import {
  startConnector,
  startStdioConnector,
  type ConnectorOptions,
  type RunningConnector,
  type RunningStdioConnector,
  type SemanticWiring,
  type ServerExtension,
} from '@mcp-connector/obsidian-plugin/connector';
import {
  claimLiveServer,
  clientSnippets,
  serverNameFor,
} from '@mcp-connector/obsidian-plugin/client-config';
import {
  ModelInstaller,
  nodeFirstUseRecords,
  nodeModelFolder,
} from '@mcp-connector/obsidian-plugin/semantic-search';
import { SettingsStore } from '@mcp-connector/obsidian-plugin/settings';
import { ensureDefaultToken, findToken } from '@mcp-connector/obsidian-plugin/tool-policy';
import { realpath, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import manifest from '../../../manifest.json' with { type: 'json' };
import { NodeHost } from './node-host/node-host.ts';
import { cacheKey } from './node-host/metadata-cache-key.ts';
import { textStorePathOf } from './node-host/text-store.ts';
import { threadEmbedders } from './semantic/thread-embedders.ts';
import { PROGRAM, quoted } from './commands/usage.ts';
import { FirstRequests } from './first-requests.ts';
import { settingsPathOf } from './settings-path.ts';

export { settingsPathOf };

export interface ServeOptions {
  vault: string;
  /** Overrides the port in the settings for this run only. */
  port?: number | undefined;
  /** Ports tried when no port is fixed (tests pick their own). */
  portRange?: readonly number[];
  /** Test-only server additions (the conformance fixtures). */
  extend?: ServerExtension;
  /** Body time limit and connection cap (tests shrink them). */
  transportLimits?: ConnectorOptions['transportLimits'];
  /** Semantic search composition (tests pass a fast provider); by default the first query builds the index. */
  semantic?: SemanticWiring;
  /** Hears the start-up scan of the vault (the CLI's progress line). */
  onScanProgress?: (indexed: number, total: number) => void;
  /** claude_desktop_config.json (tests use a temp one); by default this machine's. */
  desktopConfigPath?: string;
  /** How long a call waits for the index still being built (tests shorten it); 10 s by default. */
  indexWaitMs?: number;
  /** Start without the metadata cache and text store: every note is read and parsed again. */
  rebuildCache?: boolean;
  /** Told of each request and of its end (the background server's idle exit). */
  onRequest?: () => () => void;
}

export interface HeadlessServer extends RunningConnector {
  /** The vault folder's own host, under the guard that `host` (what clients see) applies. */
  nodeHost: NodeHost;
  settings: SettingsStore;
}

/** The vault's home on this device (ADR-0033), by its real path. */
export async function deviceHomeOfVault(vault: string): Promise<VaultDeviceHome> {
  return deviceHomeOf(await realpath(vault));
}

/** This device's models folder, which the plugin shares: read by headless for the native model. */
export function headlessModels(): ModelInstaller {
  return new ModelInstaller({
    folder: nodeModelFolder(deviceRoots(thisDevice()).models),
    runtime: false,
    records: nodeFirstUseRecords(deviceRoots(thisDevice()).modelTrust),
    fetch: (url, init) => fetch(url, init),
  });
}

/** The metadata cache of a headless server, in the vault's device cache (ADR-0018, ADR-0033). */
export async function metadataCachePathOf(vault: string): Promise<string> {
  return join((await deviceHomeOfVault(vault)).metadataCache, 'notes.bin');
}

/**
 * Removes the vault's metadata cache and text store, so the next start reads and parses every
 * note: the way out when an edit kept a note's size and mtime (the cache cannot see it).
 */
export async function removeMetadataCache(vault: string): Promise<void> {
  const cache = await metadataCachePathOf(vault);
  await rm(cache, { force: true });
  await rm(textStorePathOf(cache), { force: true });
}

/** `doctor --rebuild-cache`: refused while a server of the vault runs (it would write it back). */
export async function removeMetadataCacheWhileStopped(vault: string): Promise<void> {
  const root = await realpath(vault);
  const lock = await claimLiveServer(deviceHomeOf(root).liveServer, 'headless');
  try {
    await removeMetadataCache(root);
  } finally {
    await lock.release();
  }
}

export async function serveVault(options: ServeOptions): Promise<HeadlessServer> {
  // Taken first: opening the vault sweeps temp files, which a running server may be writing.
  const root = await realpath(options.vault);
  const lock = await claimLiveServer(deviceHomeOf(root).liveServer, 'headless');
  if (options.rebuildCache === true) await removeMetadataCache(root);
  // The index builds in the background: the port opens at once, calls wait for the index. It
  // begins once the first requests are answered (first-requests.ts).
  let markListening = () => {};
  const listening = new Promise<void>((resolve) => (markListening = resolve));
  const first = new FirstRequests();
  const buildAfter = listening.then(() => first.answered());
  const opened = await openVault(root, options.onScanProgress, buildAfter).catch(
    async (error: unknown) => {
      markListening();
      await lock.release();
      throw error;
    },
  );
  const { host, settings } = opened;
  try {
    const connector = await startConnector({
      ...connectorOptions(host, settings, options.semantic),
      indexing: host.indexing,
      ...(options.indexWaitMs !== undefined && { indexWaitMs: options.indexWaitMs }),
      onRequest: bothTold(first.onRequest, options.onRequest),
      ...(options.port !== undefined && { port: options.port }),
      ...(options.portRange !== undefined && { portRange: options.portRange }),
      ...(options.extend !== undefined && { extend: options.extend }),
      ...(options.transportLimits !== undefined && { transportLimits: options.transportLimits }),
      ...(options.desktopConfigPath !== undefined && {
        desktopConfigPath: options.desktopConfigPath,
      }),
    });
    markListening();
    host.standAsideFor(connector.operations.writes);
    const close = async () => {
      first.stop();
      await connector.close();
      await host.close();
      await lock.release();
    };
    return { ...connector, nodeHost: host, settings, close };
  } catch (error) {
    markListening();
    first.stop();
    await host.close();
    await lock.release();
    throw error;
  }
}

/** One `onRequest` that tells both hooks (the second is optional). */
function bothTold(
  first: () => () => void,
  second: (() => () => void) | undefined,
): () => () => void {
  if (second === undefined) return first;
  return () => {
    const ends = [first(), second()];
    return () => ends.forEach((end) => end());
  };
}

export interface StdioServeOptions extends Pick<
  ServeOptions,
  'vault' | 'semantic' | 'onScanProgress' | 'desktopConfigPath' | 'rebuildCache'
> {
  /** The token's id or label: its scope is the scope of every message. */
  token: string;
  /** Test streams instead of the process's stdin and stdout. */
  input?: Readable;
  output?: Writable;
}

export interface HeadlessStdioServer extends RunningStdioConnector {
  nodeHost: NodeHost;
  settings: SettingsStore;
  token: TokenRecord;
}

/**
 * One client over stdin/stdout as one token; nothing but MCP goes to stdout. A vault no server
 * has opened yet gets its Default token first, as over HTTP, so `--token Default` works on it.
 */
export async function serveVaultOverStdio(
  options: StdioServeOptions,
): Promise<HeadlessStdioServer> {
  if (options.rebuildCache === true) await removeMetadataCache(options.vault);
  // As over HTTP: the transport starts at once, the index builds behind it, calls wait for it.
  let markServing = () => {};
  const serving = new Promise<void>((resolve) => (markServing = resolve));
  const { host, settings } = await openVault(options.vault, options.onScanProgress, serving);
  try {
    if (settings.refusal !== null)
      throw new Error(
        `Nothing is served while the settings cannot be trusted: ${settings.refusal}`,
      );
    await ensureDefaultToken(settings);
    const token = findToken(settings.current, options.token);
    const connector = await startStdioConnector({
      ...connectorOptions(host, settings, options.semantic),
      indexing: host.indexing,
      tokenId: token.id,
      ...(options.desktopConfigPath !== undefined && {
        desktopConfigPath: options.desktopConfigPath,
      }),
      ...(options.input !== undefined && { input: options.input }),
      ...(options.output !== undefined && { output: options.output }),
    });
    host.standAsideFor(connector.operations.writes);
    markServing();
    const close = async () => {
      await connector.close();
      await host.close();
    };
    return { ...connector, nodeHost: host, settings, token, close };
  } catch (error) {
    markServing();
    settings.close();
    await host.close();
    throw error;
  }
}

/**
 * The vault and its settings, at once: the index builds in the background once `buildAfter`
 * resolves (the transport started), and keeps note metadata in the on-disk cache (ADR-0018).
 */
async function openVault(
  vault: string,
  onProgress: ServeOptions['onScanProgress'],
  buildAfter: Promise<void>,
): Promise<{ host: NodeHost; settings: SettingsStore }> {
  const root = await realpath(vault);
  const host = await NodeHost.start(root, {
    metadataCache: { file: await metadataCachePathOf(root), key: cacheKey(manifest.version) },
    // Tests that show what a warm start trusts turn the background sample off.
    ...(process.env.MCP_CONNECTOR_CACHE_SAMPLE !== undefined && {
      cacheSample: Number(process.env.MCP_CONNECTOR_CACHE_SAMPLE),
    }),
    onError: (error) => console.error(`Vault index: ${error.message}`),
    ...(onProgress !== undefined && { onProgress }),
    buildAfter,
  });
  try {
    const settings = await SettingsStore.open(settingsPathOf(host.root, host.configDir));
    if (settings.problem !== null) console.error(`Settings: ${settings.problem}`);
    return { host, settings };
  } catch (error) {
    await host.close();
    throw error;
  }
}

/** What every headless transport shares: diagnostics to stderr, never stdout. */
function connectorOptions(host: NodeHost, settings: SettingsStore, semantic?: SemanticWiring) {
  return {
    host,
    settings,
    version: manifest.version,
    onError: (error: Error) => console.error(`MCP error: ${error.message}`),
    notifyUser: (message: string) => console.error(message),
    semantic: {
      onProgress: (line: string) => console.error(line),
      environment: {
        embedders: threadEmbedders(),
        models: headlessModels(),
        installHint: `run "${PROGRAM} models --vault <vault folder> download" on this machine (or download it once in Obsidian)`,
      },
      ...semantic,
    },
  };
}

export function bannerFor(server: HeadlessServer): string {
  if (server.defaultToken === null)
    return [
      `Local MCP Server (headless) is NOT serving the vault "${server.host.vaultName}"`,
      `  folder:   ${server.nodeHost.root}`,
      `  settings: ${server.settings.path}`,
      `  problem:  ${server.settings.problem ?? ''}`,
      '',
      `Every request to ${server.url} is refused until the settings file is fixed.`,
    ].join('\n');
  const token = server.defaultToken.secret;
  if (token === null)
    return [
      `Local MCP Server (headless) is serving the vault "${server.host.vaultName}"`,
      `  folder:   ${server.nodeHost.root}`,
      `  endpoint: ${server.url}`,
      `  token:    "${server.defaultToken.label}" was made on another device; its secret is kept there`,
      '',
      'Clients set up with it keep working. To connect one from this device:',
      `  ${PROGRAM} tokens --vault ${quoted(server.nodeHost.root)} add --label NAME`,
      '',
      'Press Ctrl+C to stop.',
    ].join('\n');
  const [claudeCode] = clientSnippets('claude-code', {
    url: server.url,
    secret: token,
    serverName: serverNameFor(server.host.vaultName, server.settings.current.transport.serverName),
  });
  const vault = quoted(server.nodeHost.root);
  return [
    `Local MCP Server (headless) is serving the vault "${server.host.vaultName}"`,
    `  folder:   ${server.nodeHost.root}`,
    `  endpoint: ${server.url}`,
    `  token:    ${token}  (${server.defaultToken.label})`,
    '',
    'Connect Claude Code:',
    `  ${claudeCode?.text.trim() ?? ''}`,
    '',
    'Connect any other client (Claude Desktop, Cursor, VS Code, ...):',
    `  ${PROGRAM} connect --vault ${vault} --token ${quoted(server.defaultToken.label)} --client list`,
    '',
    'Press Ctrl+C to stop.',
  ].join('\n');
}
