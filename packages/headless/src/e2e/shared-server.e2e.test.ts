/**
 * One server per vault per device (ADR-0047), end to end with real processes: `serve --stdio`
 * (the source CLI under Bun, launched by the official SDK client's stdio transport) relays to
 * the vault's running server and starts a detached background one when none runs. Three clients
 * at once share exactly one background process; it exits by itself when idle; another HOME (another
 * device) never finds it; a server Obsidian's plugin would run takes over with no client error;
 * and an impostor on the published port gets no secret. Every background process a test started
 * is killed by its pid after the test, whatever happened.
 */
import { afterEach, describe, expect, test } from 'bun:test';
import { startConnector } from '@mcp-connector/obsidian-plugin/connector';
import { SettingsStore } from '@mcp-connector/obsidian-plugin/settings';
import { deviceHomeOf, thisDevice } from '@mcp-connector/shared';
import { buildVault, waitFor, type TempVault } from '@mcp-connector/shared/test-support';
import { copyFile, mkdir, mkdtemp, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { NodeHost } from '../node-host/node-host.ts';
import { settingsPathOf } from '../serve.ts';
import {
  backgroundServersOf,
  connectStdio,
  isRunning,
  stopBackgroundServers,
  type StdioTestClient,
} from '../test-support/index.ts';

const CLI = join(import.meta.dir, '..', 'cli.ts');
const NOTES = { 'Home.md': '# Home\n\nSee [[Inbox]].\n', 'Inbox.md': '- [ ] sow beans\n' };
/** Starting the relay, then the background server, under a busy machine. */
const STARTS = 50_000;

const vaults: TempVault[] = [];
const homes: string[] = [];
const clients: StdioTestClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close().catch(() => undefined)));
  for (const vault of vaults) await stopBackgroundServers(await realpath(vault.root));
  await Promise.all(vaults.splice(0).map((vault) => vault.remove()));
  await Promise.all(homes.splice(0).map((home) => rm(home, { recursive: true, force: true })));
});

async function freshVault(): Promise<string> {
  const vault = await buildVault(NOTES);
  vaults.push(vault);
  return realpath(vault.root);
}

async function freshHome(): Promise<string> {
  const home = await mkdtemp(join(tmpdir(), 'mcp-device-'));
  homes.push(home);
  return home;
}

async function stdioClient(
  vault: string,
  options: { home?: string; idleExitSeconds?: number } = {},
): Promise<StdioTestClient> {
  const args = [CLI, 'serve', '--vault', vault, '--stdio', '--token', 'Default'];
  const client = await connectStdio({
    command: process.execPath,
    args: [...args, '--idle-exit', String(options.idleExitSeconds ?? 120)],
    env: { ...(process.env as Record<string, string>), HOME: options.home ?? homeOfTests() },
    line: 'legacy',
  });
  clients.push(client);
  return client;
}

function homeOfTests(): string {
  return process.env.HOME as string;
}

function deviceHomeIn(vault: string, home: string) {
  return deviceHomeOf(vault, { ...thisDevice(), env: { ...process.env, HOME: home } });
}

function liveServerFile(vault: string, home: string): string {
  return deviceHomeIn(vault, home).liveServer;
}

async function giveSecretsTo(vault: string, home: string): Promise<void> {
  const target = deviceHomeIn(vault, home).secrets;
  await mkdir(dirname(target), { recursive: true });
  await copyFile(deviceHomeIn(vault, homeOfTests()).secrets, target);
}

async function liveServerPid(vault: string, home = homeOfTests()): Promise<number | undefined> {
  const text = await readFile(liveServerFile(vault, home), 'utf8').catch(() => null);
  return text === null ? undefined : (JSON.parse(text) as { pid: number }).pid;
}

describe('serve --stdio: one server per vault per device', () => {
  test(
    'three clients started at once share exactly one background server',
    async () => {
      const vault = await freshVault();
      const three = await Promise.all([1, 2, 3].map(() => stdioClient(vault)));
      for (const { client } of three)
        expect((await client.listTools()).tools.map((tool) => tool.name)).toContain(
          'get_server_info',
        );
      const servers = await backgroundServersOf(vault);
      expect(servers).toHaveLength(1);
      expect(await liveServerPid(vault)).toBe(servers[0]);
    },
    STARTS,
  );

  test(
    'the background server outlives its client and exits by itself once idle',
    async () => {
      const vault = await freshVault();
      const first = await stdioClient(vault, { idleExitSeconds: 1 });
      await first.client.listTools();
      const [pid] = await backgroundServersOf(vault);
      await first.close();
      expect(isRunning(pid as number)).toBe(true);
      await waitFor(() => !isRunning(pid as number), 'the idle background server to exit');
      expect(await liveServerPid(vault)).toBeUndefined();
    },
    STARTS,
  );

  test(
    "another device (another HOME) never finds this device's server",
    async () => {
      const vault = await freshVault();
      const here = await stdioClient(vault);
      await here.client.listTools();
      const other = await freshHome();
      await giveSecretsTo(vault, other); // as if the token were regenerated there
      const there = await stdioClient(vault, { home: other });
      await there.client.listTools();
      const servers = await backgroundServersOf(vault);
      expect(servers).toHaveLength(2);
      const mine = await liveServerPid(vault);
      const theirs = await liveServerPid(vault, other);
      expect(new Set([mine, theirs])).toEqual(new Set(servers));
    },
    STARTS,
  );

  test(
    "Obsidian's server takes over: the background one stops, the client goes on without an error",
    async () => {
      const vault = await freshVault();
      const { client } = await stdioClient(vault);
      expect(await hostKindOver(client)).toBe('headless');
      const [background] = await backgroundServersOf(vault);
      const plugin = await startPluginLikeServer(vault);
      try {
        await waitFor(() => !isRunning(background as number), 'the background server to stop');
        expect(await hostKindOver(client)).toBe('plugin');
        expect(await backgroundServersOf(vault)).toEqual([]);
      } finally {
        await plugin.close();
      }
    },
    STARTS,
  );

  test(
    'a program on the published port that cannot prove itself gets no secret, and nothing starts',
    async () => {
      const vault = await freshVault();
      const heard: IncomingMessage[] = [];
      const impostor = createServer((request, response) => {
        heard.push(request);
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ proof: '0'.repeat(64) }));
      });
      await new Promise<void>((resolve) => impostor.listen(0, '127.0.0.1', resolve));
      try {
        const port = (impostor.address() as { port: number }).port;
        const file = liveServerFile(vault, homeOfTests());
        await mkdir(dirname(file), { recursive: true });
        const record = {
          port,
          pid: process.pid,
          host: 'headless',
          startedAt: '',
          proofKey: 'a'.repeat(64),
        };
        await writeFile(file, JSON.stringify(record));
        const refused = await stdioClient(vault).then(
          () => null,
          (error: unknown) => error as Error & { log: string },
        );
        expect(refused?.log).toContain('not_our_server');
        expect(heard.length).toBeGreaterThan(0);
        expect(heard.every((request) => request.headers.authorization === undefined)).toBe(true);
        expect(await backgroundServersOf(vault)).toEqual([]);
      } finally {
        await new Promise((resolve) => impostor.close(resolve));
      }
    },
    STARTS,
  );
});

async function hostKindOver(client: StdioTestClient['client']): Promise<unknown> {
  const result = await client.callTool({ name: 'get_server_info', arguments: {} });
  expect(result.isError).toBeFalsy();
  return (result.structuredContent as { host?: unknown }).host;
}

/**
 * What Obsidian's plugin does on the vault, in this process: the connector over the vault with a
 * host of kind `plugin`, publishing itself in this device's live-server.json.
 */
async function startPluginLikeServer(vault: string) {
  const host = await NodeHost.start(vault, { watch: false });
  const asPlugin = new Proxy(host, {
    get: (target, key) => {
      if (key === 'kind') return 'plugin';
      const value = Reflect.get(target, key) as unknown;
      return typeof value === 'function' ? (value as () => unknown).bind(target) : value;
    },
  });
  const settings = await SettingsStore.open(settingsPathOf(vault));
  const connector = await startConnector({ host: asPlugin, settings, version: '0.0.0', port: 0 });
  return {
    close: async () => {
      await connector.close();
      await host.close();
    },
  };
}
