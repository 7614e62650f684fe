/**
 * A vault folder for a simulated Obsidian: a few notes, and the plugin's data.json set up for a
 * test (a port the test picked, semantic search off so nothing loads a model).
 */
import { defaultSettings } from '@mcp-connector/shared';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

export interface SimVault {
  root: string;
  port: number;
  remove(): Promise<void>;
}

export const PLUGIN_DATA = '.obsidian/plugins/local-mcp-server/data.json';

export async function makeSimVault(files: Record<string, string> = {}): Promise<SimVault> {
  const parent = await mkdtemp(join(tmpdir(), 'obsidian-sim-vault-'));
  const root = join(parent, 'Sim Vault');
  const port = await freePort();
  const settings = defaultSettings();
  settings.transport.port = port;
  settings.semantic.enabled = false;
  const all = { ...files, [PLUGIN_DATA]: JSON.stringify(settings, null, 2) };
  for (const [path, content] of Object.entries(all)) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), content);
  }
  return { root, port, remove: () => rm(parent, { recursive: true, force: true }) };
}

/** A loopback port nothing listens on right now (the system picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        resolve(typeof address === 'object' && address !== null ? address.port : 0),
      );
    });
  });
}

/** Whether a server can listen on the port now (it is free again). */
export function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}
