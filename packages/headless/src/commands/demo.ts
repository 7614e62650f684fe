/**
 * `demo`: serves a copy of the repository's test vault (test-data/vault: a community garden, its
 * bees and kitchen; docs/test-vault.md) from a temp folder, so trying the server never edits the
 * repository or the installed package. The copy is removed when the server stops.
 */
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { packageRoot } from '../package-root.ts';
import { serveVault } from '../serve.ts';
import { announce, runUntilStopped } from './serve-modes.ts';
import { parseOptions, type Command } from './usage.ts';

/** Built, the copy beside cli.mjs (scripts/build-headless.ts); from source, the repository's. */
export const DEMO_VAULT = fileURLToPath(import.meta.url).endsWith('.mjs')
  ? join(dirname(fileURLToPath(import.meta.url)), 'demo-vault')
  : join(packageRoot(), '..', '..', 'test-data', 'vault');

export const demoCommand: Command = {
  name: 'demo',
  usage: '',
  async run(args) {
    parseOptions(args, {});
    const temp = await mkdtemp(join(tmpdir(), 'mcp-connector-demo-'));
    const vault = join(temp, 'Demo Vault');
    await cp(DEMO_VAULT, vault, { recursive: true });
    const server = await serveVault({ vault });
    announce(server, false);
    return runUntilStopped(server, { cleanup: () => rm(temp, { recursive: true, force: true }) });
  },
};
