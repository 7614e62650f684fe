/**
 * The bundle's fallback: when no server of the vault answers within the connect window (Obsidian
 * closed, no headless server), the bundle serves the vault itself with the headless CLI it
 * carries, loaded into this same Node process as `serve --vault DIR --stdio --token ID
 * --in-process`, so the token's scope is the one it has over HTTP. Decided once per session, before any message is
 * read: when Obsidian's server (or a headless one) answers, the shim relays to it instead, so
 * the plugin is always preferred. A token that is not in data.json never falls back: the relay
 * reports it (fail closed).
 */
import { connect } from 'node:net';
import { isAbsolute, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BundleConfig } from './bundle-env.ts';
import { isLocalFailure } from './local-errors.ts';
import { resolveEndpoint } from './upstream.ts';

const POLL_MS = 250;

/** Whether to serve the vault from the bundle: it can, and no server answered in the window. */
export async function shouldServeItself(config: BundleConfig): Promise<boolean> {
  if (config.fallbackCli === null) return false;
  const until = Date.now() + config.connectWindowMs;
  for (;;) {
    const endpoint = await resolveEndpoint(config);
    if (isLocalFailure(endpoint)) {
      if (endpoint.reason !== 'not_running') return false;
    } else if (await portAnswers(endpoint.port)) return false;
    if (Date.now() >= until) return true;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** Runs the bundled CLI in this process; it owns stdin, stdout and the exit from here on. */
export async function serveVaultItself(config: BundleConfig, shimFolder: string): Promise<void> {
  const cli = config.fallbackCli as string;
  const path = isAbsolute(cli) ? cli : join(shimFolder, cli);
  const argv0 = process.argv[0] ?? 'node';
  process.argv = [
    argv0,
    path,
    'serve',
    '--vault',
    config.vault,
    '--stdio',
    '--token',
    config.tokenId,
    // This process serves the vault itself: the shared background server (ADR-0047) is not
    // started from a bundle yet.
    '--in-process',
  ];
  // eslint-disable-next-line no-unsanitized/method -- the bundle's own file, named by its manifest
  await import(pathToFileURL(path).href);
}

function portAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
