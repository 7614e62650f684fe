import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { clientConfigPlaces, readClientConfig } from './client-config-files.ts';

let home: string;
beforeAll(async () => {
  home = await mkdtemp(join(tmpdir(), 'client-files-'));
});
afterAll(() => rm(home, { recursive: true, force: true }));

async function write(path: string, text: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, text);
}

describe('client config files', () => {
  test('each client has its place per platform, and project files in the vault', () => {
    const places = (platform: NodeJS.Platform) =>
      clientConfigPlaces({
        home: '/h',
        platform,
        env: { APPDATA: 'C:\\AppData' },
        project: '/v',
      }).map((place) => `${place.client}: ${place.path.split('\\').join('/')}`);
    expect(places('darwin')).toEqual([
      'Claude Desktop: /h/Library/Application Support/Claude/claude_desktop_config.json',
      'Claude Code: /h/.claude.json',
      'Claude Code: /v/.mcp.json',
      'Cursor: /h/.cursor/mcp.json',
      'Cursor: /v/.cursor/mcp.json',
      'VS Code: /h/Library/Application Support/Code/User/mcp.json',
      'VS Code: /v/.vscode/mcp.json',
    ]);
    expect(places('linux')[0]).toBe('Claude Desktop: /h/.config/Claude/claude_desktop_config.json');
    expect(places('win32')[5]).toBe('VS Code: C:/AppData/Code/User/mcp.json');
    expect(places('win32')[0]).toBe('Claude Desktop: C:/AppData/Claude/claude_desktop_config.json');
  });

  test('entries say where they connect and with which secret, in every shape', async () => {
    const at = { home, platform: 'linux' as const, env: {}, project: join(home, 'vault') };
    const [desktop, code, , , , vscode] = clientConfigPlaces(at);
    await write(
      desktop?.path as string,
      JSON.stringify({
        mcpServers: {
          remote: {
            command: 'npx',
            args: [
              '-y',
              'mcp-remote',
              'http://127.0.0.1:27200/mcp',
              '--header',
              'Authorization: Bearer s1',
            ],
          },
          local: { command: 'npx', args: ['@mcp-connector/headless', 'serve', '--stdio'] },
          synced: {
            command: 'node',
            args: ['/v/.obsidian/plugins/local-mcp-server/claude-desktop-shim.cjs'],
            env: { MCP_CONNECTOR_VAULT: '/v', MCP_CONNECTOR_TOKEN_ID: 't1' },
          },
        },
      }),
    );
    await write(
      code?.path as string,
      JSON.stringify({
        mcpServers: {
          user: {
            type: 'http',
            url: 'http://localhost:27201/mcp',
            headers: { Authorization: 'Bearer s2' },
          },
        },
        projects: {
          '/p': { mcpServers: { project: { type: 'http', url: 'http://127.0.0.1:27202/mcp' } } },
        },
      }),
    );
    await write(vscode?.path as string, '{ not json');
    const read = await Promise.all(clientConfigPlaces(at).map((place) => readClientConfig(place)));
    expect(read.map((entry) => entry.state)).toEqual([
      'read',
      'read',
      'missing',
      'missing',
      'missing',
      'unreadable',
      'missing',
    ]);
    const entries = read.flatMap((entry) => (entry.state === 'read' ? entry.entries : []));
    expect(entries.map(({ name, url, secret }) => ({ name, url, secret }))).toEqual([
      { name: 'remote', url: 'http://127.0.0.1:27200/mcp', secret: 's1' },
      { name: 'local', url: undefined, secret: undefined },
      { name: 'synced', url: undefined, secret: undefined },
      { name: 'user', url: 'http://localhost:27201/mcp', secret: 's2' },
      { name: 'project', url: 'http://127.0.0.1:27202/mcp', secret: undefined },
    ]);
    expect(entries[1]?.args).toEqual(['@mcp-connector/headless', 'serve', '--stdio']);
    expect(entries[2]?.shim).toEqual({ vault: '/v', tokenId: 't1' });
  });
});
