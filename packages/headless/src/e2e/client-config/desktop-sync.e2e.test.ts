/**
 * Claude Desktop config sync against a running headless server, on a temp home: the synced
 * entry, started exactly as Claude Desktop would start it (its command's Node, its args, its env,
 * nothing else on PATH), serves the vault over stdio; revoking the owning token makes the running
 * server remove the entry, and the entry's process fails closed with the message. Two vaults
 * whose names give one entry name (日記 and メモ) get two entries, and revoking in one leaves the
 * other's.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import {
  readDesktopServers,
  syncDesktopConfig,
} from '@mcp-connector/obsidian-plugin/client-config';
import { hashingProvider } from '@mcp-connector/obsidian-plugin/semantic-search';
import { addToken, revokeToken } from '@mcp-connector/obsidian-plugin/tool-policy';
import { waitFor } from '@mcp-connector/shared/test-support';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serveVault, type HeadlessServer } from '../../serve.ts';
import {
  buildVault,
  callOk,
  connectStdio,
  emptyPath,
  nodeExecutable,
  type TempVault,
} from '../../test-support/index.ts';

let vault: TempVault;
let server: HeadlessServer;
let home: string;
let configPath: string;
let noPath: string;

beforeAll(async () => {
  vault = await buildVault({ 'Welcome.md': '# Welcome\n\n#garden\n' });
  home = await mkdtemp(join(tmpdir(), 'desktop-e2e-'));
  configPath = join(home, 'Claude', 'claude_desktop_config.json');
  noPath = await emptyPath();
  server = await serveVault({
    vault: vault.root,
    port: 0,
    desktopConfigPath: configPath,
    semantic: { createProvider: () => hashingProvider(64), onProgress: () => undefined },
  });
});
afterAll(async () => {
  await server.close();
  await vault.remove();
  await rm(home, { recursive: true, force: true });
  await rm(noPath, { recursive: true, force: true });
});

describe('the synced Claude Desktop entry', () => {
  test('runs as Claude Desktop runs it, and disappears when its token is revoked', async () => {
    const token = await addToken(server.settings, 'Claude Desktop');
    const target = {
      vaultPath: vault.root,
      vaultName: 'Garden',
      configDir: '.obsidian',
      pluginId: 'local-mcp-server',
      version: '0.1.0',
    };
    await syncDesktopConfig(server.settings, token.id, target, configPath);
    const entry = (await readDesktopServers(configPath))['obsidian-garden'] as {
      command: string;
      args: string[];
      env: Record<string, string>;
    };
    expect(entry.command).toBe('node');
    const desktop = await connectStdio({
      command: nodeExecutable(),
      args: entry.args,
      env: { ...entry.env, PATH: noPath, HOME: process.env.HOME ?? '' },
    });
    try {
      expect(JSON.stringify(await callOk(desktop.client, 'list_tags', {}))).toContain('garden');
      await revokeToken(server.settings, token.id);
      await waitFor(
        async () => !('obsidian-garden' in (await readDesktopServers(configPath))),
        'the revoked token to leave the Desktop config',
      );
      const failed = await desktop.client.callTool({ name: 'list_tags', arguments: {} }).then(
        () => null,
        (error: unknown) => error as Error,
      );
      expect(failed?.message).toContain(
        'token not recognised: copy it again from Obsidian, or export a new bundle',
      );
      expect(server.settings.current.clientConfig.desktop).toBeNull();
    } finally {
      await desktop.close();
    }
  });

  test('vaults whose names give one entry name get two, and revoking in one keeps the other', async () => {
    const other = await buildVault({ 'Memo.md': '# Memo\n' });
    const otherServer = await serveVault({
      vault: other.root,
      port: 0,
      desktopConfigPath: configPath,
      semantic: { createProvider: () => hashingProvider(64), onProgress: () => undefined },
    });
    try {
      const mine = await addToken(server.settings, 'Desktop 日記');
      const theirs = await addToken(otherServer.settings, 'Desktop メモ');
      const target = (vaultPath: string, vaultName: string) => ({
        vaultPath,
        vaultName,
        configDir: '.obsidian',
        pluginId: 'local-mcp-server',
        version: '0.1.0',
      });
      const first = await syncDesktopConfig(
        server.settings,
        mine.id,
        target(vault.root, '日記'),
        configPath,
      );
      const second = await syncDesktopConfig(
        otherServer.settings,
        theirs.id,
        target(other.root, 'メモ'),
        configPath,
      );
      expect(second.entryName).not.toBe(first.entryName);
      const names = Object.keys(await readDesktopServers(configPath));
      expect(names).toContain(first.entryName);
      expect(names).toContain(second.entryName);
      await revokeToken(server.settings, mine.id);
      await waitFor(
        async () => !(first.entryName in (await readDesktopServers(configPath))),
        "the revoked token's entry to leave the Desktop config",
      );
      expect(second.entryName in (await readDesktopServers(configPath))).toBe(true);
    } finally {
      await otherServer.close();
      await other.remove();
    }
  });
});
