/**
 * `serve --stdio`: one server per vault per device (ADR-0047). This process holds no index: it
 * relays the client's stdio to the vault's running server (Obsidian's plugin, or a headless one)
 * as the token, with the .mcpb shim's relay (runRelay, httpUpstream: the server proves itself
 * before the secret is sent, ADR-0042), and when none runs it starts the vault's background
 * server (`serve --background`, detached) and relays to that.
 */
import {
  DEFAULT_CONNECT_WINDOW_MS,
  DEFAULT_DEADLINE_MS,
  ensureBackgroundServer,
  httpUpstream,
  runRelay,
  type BackgroundLaunch,
  type BundleConfig,
} from '@mcp-connector/obsidian-plugin/client-config';
import { SettingsStore } from '@mcp-connector/obsidian-plugin/settings';
import { ensureDefaultToken, findToken } from '@mcp-connector/obsidian-plugin/tool-policy';
import type { TokenRecord } from '@mcp-connector/shared';
import { realpath } from 'node:fs/promises';
import type { Readable, Writable } from 'node:stream';
import manifest from '../../../manifest.json' with { type: 'json' };
import { settingsPathOf } from './serve.ts';

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

/** The relay's token, checked before anything is started (a fresh vault gets its Default one). */
export async function relayToken(vault: string, token: string): Promise<TokenRecord> {
  const settings = await SettingsStore.open(settingsPathOf(vault));
  try {
    if (settings.refusal !== null)
      throw new Error(
        `Nothing is served while the settings cannot be trusted: ${settings.refusal}`,
      );
    await ensureDefaultToken(settings);
    return findToken(settings.current, token);
  } finally {
    settings.close();
  }
}

/** Relays until the client closes stdin. */
export async function relayStdio(options: StdioRelayOptions, token: TokenRecord): Promise<void> {
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

/** This same CLI, on this same runtime, as the vault's background server. */
export function backgroundLaunch(vault: string, idleExitMs: number): BackgroundLaunch {
  const cli = process.argv[1];
  if (cli === undefined) throw new Error('Cannot tell which file runs this CLI.');
  const seconds = String(idleExitMs / 1000);
  return {
    command: process.execPath,
    args: [cli, 'serve', '--vault', vault, '--background', '--idle-exit', seconds],
  };
}
