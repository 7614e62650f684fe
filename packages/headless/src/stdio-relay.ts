/**
 * `serve --stdio`: one server per vault per device (ADR-0047). This process holds no index: it
 * relays the client's stdio to the vault's running server (Obsidian's plugin, or a headless one)
 * as the token, with the .mcpb shim's relay (runRelay, httpUpstream: the server proves itself
 * before the secret is sent, ADR-0042), and when none runs it starts the vault's background
 * server (`serve --background`, detached) and relays to that. It loads none of the server's
 * modules (ADR-0054): the token is found in data.json as the shim finds it, and only a vault
 * whose data.json does not name it goes through the settings (relay-token.ts).
 */
import {
  DEFAULT_CONNECT_WINDOW_MS,
  DEFAULT_DEADLINE_MS,
  backgroundLaunchOf,
  ensureBackgroundServer,
  httpUpstream,
  runRelay,
  settingsFileOf,
  type BackgroundLaunch,
  type BundleConfig,
} from '@mcp-connector/obsidian-plugin/client-config';
import { tokensNamed, type TokenRecord } from '@mcp-connector/shared';
import { readFile, realpath } from 'node:fs/promises';
import type { Readable, Writable } from 'node:stream';
import manifest from '../../../manifest.json' with { type: 'json' };
import { afterArkTypeConfig } from './configured-import.ts';

export interface StdioRelayOptions {
  vault: string;
  /** The token's id or label: the relay sends its secret. */
  token: string;
  /** The idle period a background server started here gets. */
  idleExitMs: number;
  input?: Readable;
  output?: Writable;
  log?: (line: string) => void;
}

export type RelayToken = Pick<TokenRecord, 'id' | 'label'>;

/**
 * The relay's token, checked before anything is started: the one data.json names; else, through
 * the settings, a fresh vault's Default token made first, or the refusal that says why not.
 */
export async function relayToken(vault: string, token: string): Promise<RelayToken> {
  const named = tokensNamed(await tokensIn(vault), token);
  if (named.length === 1) return named[0] as RelayToken;
  return afterArkTypeConfig(async () =>
    (await import('./relay-token.ts')).settledToken(vault, token),
  );
}

/** data.json's tokens, read as the shim reads them (none when it is missing or not JSON). */
async function tokensIn(vault: string): Promise<RelayToken[]> {
  let settings: unknown;
  try {
    const location = { vault, configDir: '.obsidian', pluginId: manifest.id };
    settings = JSON.parse(await readFile(settingsFileOf(location), 'utf8'));
  } catch {
    return [];
  }
  const tokens = (settings as { tokens?: unknown } | null)?.tokens;
  return Array.isArray(tokens) ? tokens.filter(isTokenRecord) : [];
}

function isTokenRecord(value: unknown): value is RelayToken {
  const record = value as Partial<RelayToken> | null;
  return typeof record?.id === 'string' && typeof record.label === 'string';
}

/** Relays until the client closes stdin. */
export async function relayStdio(options: StdioRelayOptions, token: RelayToken): Promise<void> {
  const vault = await realpath(options.vault);
  const config: BundleConfig = {
    vault,
    configDir: '.obsidian',
    pluginId: manifest.id,
    tokenId: token.id,
    fallbackCli: null,
    deadlineMs: DEFAULT_DEADLINE_MS,
    connectWindowMs: DEFAULT_CONNECT_WINDOW_MS,
  };
  const launch = backgroundLaunch(vault, options.idleExitMs);
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  await runRelay(
    httpUpstream(config, {
      whenNotRunning: () => ensureBackgroundServer(config, launch),
      pinSecret: true,
    }),
    { input: options.input ?? process.stdin, output: options.output ?? process.stdout, log },
  );
}

/**
 * This same CLI, on this same runtime, as the vault's background server; under Node with the
 * heap flags only a command line can give (BACKGROUND_NODE_FLAGS).
 */
export function backgroundLaunch(
  vault: string,
  idleExitMs: number,
  onBun?: boolean,
): BackgroundLaunch {
  const cli = process.argv[1];
  if (cli === undefined) throw new Error('Cannot tell which file runs this CLI.');
  return backgroundLaunchOf(cli, vault, { idleExitMs, ...(onBun !== undefined && { onBun }) });
}
