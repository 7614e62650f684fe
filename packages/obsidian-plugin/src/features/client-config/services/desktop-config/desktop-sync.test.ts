/**
 * claude_desktop_config.json sync on a temp home: the right path per OS, a merge that keeps every
 * other server and setting, a `.backup` before each rewrite, refusal of a file that is not valid
 * JSON, at most one owning token per vault, and revocation removing the entry.
 */
import { afterEach, beforeEach, describe, expect, test } from 'bun:test';
import { newToken, type TokenRecord } from '@mcp-connector/shared';
import { rejectionOf } from '@mcp-connector/shared/test-support';
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { SettingsStore } from '../../../settings/index.ts';
import { STDIO_SHIM_SOURCE } from '../../generated/stdio-shim.ts';
import { desktopConfigPath } from './desktop-config-path.ts';
import { forgetRevokedDesktopOwner, syncDesktopConfig, type VaultTarget } from './desktop-sync.ts';

let home: string;
let vault: VaultTarget;
let configPath: string;
let settings: SettingsStore;
let owner: TokenRecord;
let other: TokenRecord;

beforeEach(async () => {
  home = await mkdtemp(join(tmpdir(), 'desktop-home-'));
  const root = join(home, 'Notes');
  vault = {
    vaultPath: root,
    vaultName: 'My Notes',
    configDir: '.obsidian',
    pluginId: 'local-mcp-server',
    version: '0.1.0',
  };
  configPath = desktopConfigPath({ platform: 'darwin', home, env: {} });
  settings = await SettingsStore.open(
    join(root, '.obsidian', 'plugins', 'local-mcp-server', 'data.json'),
  );
  owner = newToken('Claude Desktop');
  other = newToken('Cursor');
  await settings.updateSlice('tokens', () => [owner, other]);
});
afterEach(async () => {
  settings.close();
  await rm(home, { recursive: true, force: true });
});

const onDisk = async () =>
  JSON.parse(await readFile(configPath, 'utf8')) as {
    mcpServers: Record<string, { args: string[]; env: Record<string, string> }>;
  } & Record<string, unknown>;
const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  );

async function writeConfig(text: string) {
  await mkdir(dirname(configPath), { recursive: true });
  await writeFile(configPath, text);
}

describe('the config path per OS', () => {
  test('macOS, Windows and Linux', () => {
    expect(desktopConfigPath({ platform: 'darwin', home: '/Users/ada', env: {} })).toBe(
      '/Users/ada/Library/Application Support/Claude/claude_desktop_config.json',
    );
    expect(
      desktopConfigPath({
        platform: 'win32',
        home: 'C:\\Users\\ada',
        env: { APPDATA: 'C:\\Users\\ada\\AppData\\Roaming' },
      }),
    ).toBe('C:\\Users\\ada\\AppData\\Roaming\\Claude\\claude_desktop_config.json');
    expect(desktopConfigPath({ platform: 'linux', home: '/home/ada', env: {} })).toBe(
      '/home/ada/.config/Claude/claude_desktop_config.json',
    );
    expect(
      desktopConfigPath({ platform: 'linux', home: '/home/ada', env: { XDG_CONFIG_HOME: '/x' } }),
    ).toBe('/x/Claude/claude_desktop_config.json');
  });
});

describe('syncDesktopConfig', () => {
  test('a missing file is created with one entry that runs the shim, with the token id and no secret', async () => {
    const result = await syncDesktopConfig(settings, owner.id, vault, configPath);
    expect(result.entryName).toBe('obsidian-my-notes');
    const entry = (await onDisk()).mcpServers['obsidian-my-notes'];
    expect(entry).toMatchObject({
      command: 'node',
      env: { MCP_CONNECTOR_VAULT: vault.vaultPath, MCP_CONNECTOR_TOKEN_ID: owner.id },
    });
    expect(await readFile(entry?.args[0] as string, 'utf8')).toBe(STDIO_SHIM_SOURCE);
    expect(await readFile(configPath, 'utf8')).not.toContain(owner.hash);
    expect(await exists(`${configPath}.backup`)).toBe(false);
    expect(settings.current.clientConfig.desktop).toEqual({
      tokenId: owner.id,
      entryName: 'obsidian-my-notes',
    });
  });

  test('merging keeps every other server and setting in order, after a .backup of the old file', async () => {
    const before = JSON.stringify(
      {
        globalShortcut: 'Alt+Space',
        mcpServers: { github: { command: 'npx', args: ['-y', 'gh'] }, files: { command: 'fs' } },
        isUsingBuiltInNodeForMcp: true,
      },
      null,
      4,
    );
    await writeConfig(before);
    await syncDesktopConfig(settings, owner.id, vault, configPath);
    const after = await onDisk();
    expect(Object.keys(after)).toEqual([
      'globalShortcut',
      'mcpServers',
      'isUsingBuiltInNodeForMcp',
    ]);
    expect(Object.keys(after.mcpServers)).toEqual(['github', 'files', 'obsidian-my-notes']);
    expect(after.mcpServers.github).toEqual({ command: 'npx', args: ['-y', 'gh'] } as never);
    expect(await readFile(`${configPath}.backup`, 'utf8')).toBe(before);
  });

  test.each([
    ['not JSON', '{"mcpServers": {'],
    ['not an object', '[1, 2]'],
    ['mcpServers not an object', '{"mcpServers": []}'],
  ])(
    'a file that is %s is refused with a clear message and left byte for byte',
    async (_kind, text) => {
      await writeConfig(text);
      const error = await rejectionOf(syncDesktopConfig(settings, owner.id, vault, configPath));
      expect(error).toMatchObject({ code: 'invalid_config' });
      expect(error.message).toContain('claude_desktop_config.json was left as it is');
      expect(await readFile(configPath, 'utf8')).toBe(text);
      expect(await exists(`${configPath}.backup`)).toBe(false);
      expect(settings.current.clientConfig.desktop).toBeNull();
    },
  );

  test('at most one token owns the entry: syncing another replaces it', async () => {
    await syncDesktopConfig(settings, owner.id, vault, configPath);
    await syncDesktopConfig(settings, other.id, vault, configPath);
    const servers = (await onDisk()).mcpServers;
    expect(Object.keys(servers)).toEqual(['obsidian-my-notes']);
    expect(servers['obsidian-my-notes']?.env.MCP_CONNECTOR_TOKEN_ID).toBe(other.id);
    expect(settings.current.clientConfig.desktop?.tokenId).toBe(other.id);
  });

  test('an unknown token is refused before anything is written', async () => {
    expect(
      await rejectionOf(syncDesktopConfig(settings, 'no-such-id', vault, configPath)),
    ).toMatchObject({ code: 'not_found' });
    expect(await exists(configPath)).toBe(false);
  });
});

describe('revoking', () => {
  test('revoking the owner removes its entry (never re-pointing it), keeping the others; revoking another token changes nothing', async () => {
    await writeConfig(JSON.stringify({ mcpServers: { github: { command: 'gh' } } }));
    await syncDesktopConfig(settings, owner.id, vault, configPath);
    await settings.updateSlice('tokens', (tokens) =>
      tokens.filter((token) => token.id !== other.id),
    );
    expect(await forgetRevokedDesktopOwner(settings, configPath)).toBeNull();
    expect(Object.keys((await onDisk()).mcpServers)).toEqual(['github', 'obsidian-my-notes']);
    await settings.updateSlice('tokens', (tokens) =>
      tokens.filter((token) => token.id !== owner.id),
    );
    const removed = await forgetRevokedDesktopOwner(settings, configPath);
    expect(removed?.edit).toBe('removed');
    expect((await onDisk()).mcpServers).toEqual({ github: { command: 'gh' } } as never);
    expect(settings.current.clientConfig.desktop).toBeNull();
  });
});
