/**
 * `bun run demo`: serves a copy of the repository's test vault (test-data/vault: a community
 * garden, its bees and kitchen; docs/test-vault.md) from a temp folder, so trying the server
 * never edits the repository. The copy is removed when the server stops.
 */
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serveVault } from '../serve.ts';
import { announce, stopOnSignals } from './serve.ts';

export const DEMO_VAULT = join(import.meta.dir, '..', '..', '..', '..', 'test-data', 'vault');

export async function runDemo(): Promise<void> {
  const temp = await mkdtemp(join(tmpdir(), 'mcp-connector-demo-'));
  const vault = join(temp, 'Demo Vault');
  await cp(DEMO_VAULT, vault, { recursive: true });
  const server = await serveVault({ vault });
  announce(server, false);
  stopOnSignals(server, () => rm(temp, { recursive: true, force: true }));
}
