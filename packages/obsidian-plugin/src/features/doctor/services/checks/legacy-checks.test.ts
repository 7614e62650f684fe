/**
 * The doctor's list of client entries that still name the plugin's old id or command, read from
 * a real claude_desktop_config.json in a temp home: the shim of a bundle or synced entry made for
 * the old plugin, the old headless command, a file in the old plugin's folder; not an entry of
 * the renamed plugin, not one for another vault, not an HTTP entry.
 */
import { afterEach, expect, test } from 'bun:test';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { clientConfigPlaces } from '../../../client-config/index.ts';
import type { DoctorEnvironment } from '../environment.ts';
import { readClientConfigs } from './client-checks.ts';
import { checkLegacyClients } from './legacy-checks.ts';

let home: string | null = null;
afterEach(async () => {
  if (home !== null) await rm(home, { recursive: true, force: true });
  home = null;
});

const REPLACE = 'put a fresh entry in its place';

/** A temp home whose Claude Desktop config holds `servers(vault)`, and the doctor's view of it. */
async function doctorFor(
  servers: (vault: string) => Record<string, unknown>,
): Promise<DoctorEnvironment> {
  home = await mkdtemp(join(tmpdir(), 'legacy-clients-'));
  const vault = join(home, 'Vault');
  const clients = { home, platform: 'linux' as const, env: {} };
  const env = {
    vault,
    vaultLabel: vault,
    configDir: '.obsidian',
    pluginId: 'local-mcp-server',
    clients,
    advice: { replaceLegacyEntry: REPLACE },
  } as unknown as DoctorEnvironment;
  const desktop = clientConfigPlaces({ ...clients, project: vault })[0]?.path ?? '';
  await mkdir(dirname(desktop), { recursive: true });
  await writeFile(desktop, JSON.stringify({ mcpServers: servers(vault) }));
  return env;
}

const shim = (vault: string, pluginId: string) => ({
  command: 'node',
  args: [`/bundles/${pluginId}/server/index.js`],
  env: {
    MCP_CONNECTOR_VAULT: vault,
    MCP_CONNECTOR_PLUGIN_ID: pluginId,
    MCP_CONNECTOR_TOKEN_ID: 'tok1',
  },
});

test('entries that name the old plugin or command are listed, each with how to replace it', async () => {
  const env = await doctorFor((vault) => ({
    'Old bundle': shim(vault, 'mcp-connector'),
    'Old command': {
      command: 'npx',
      args: ['-y', '@mcp-connector/headless@0.1.0', 'serve', '--vault', vault, '--stdio'],
    },
    'Old shim file': {
      command: 'node',
      args: [join(vault, '.obsidian', 'plugins', 'mcp-connector', 'mcp-connector-shim.cjs')],
    },
  }));
  const report = checkLegacyClients(env, await readClientConfigs(env));
  expect(report.status).toBe('warn');
  expect(report.summary).toBe('3 entries for this vault still name MCP Connector (mcp-connector)');
  expect(report.details?.map((line) => line.replace(/^Claude Desktop \S+ /, ''))).toEqual([
    '"Old bundle": runs the shim for the old plugin id mcp-connector',
    '"Old command": runs the old command @mcp-connector/headless',
    '"Old shim file": runs a file in the old plugin folder plugins/mcp-connector',
  ]);
  expect(report.fix).toBe('Put a fresh entry in its place.');
});

test("the renamed plugin's entries, another vault's and HTTP entries are not listed", async () => {
  const env = await doctorFor((vault) => {
    const other = join(dirname(vault), 'Other');
    return {
      Renamed: shim(vault, 'local-mcp-server'),
      'Other vault bundle': shim(other, 'mcp-connector'),
      'Other vault command': {
        command: 'mcp-connector-headless',
        args: ['serve', '--vault', other, '--stdio'],
      },
      'New command': { command: 'local-mcp-server', args: ['serve', '--vault', vault] },
      Http: { url: 'http://127.0.0.1:27200/mcp', headers: { Authorization: 'Bearer x' } },
    };
  });
  const report = checkLegacyClients(env, await readClientConfigs(env));
  expect(report).toEqual({
    id: 'legacy-clients',
    title: 'Entries under the old name',
    status: 'ok',
    summary: 'no client entry names the old plugin or command',
  });
});
