import { afterEach, beforeEach, describe, expect, test } from 'bun:test';
import { newToken } from '@mcp-connector/shared';
import {
  cursorInstallLink,
  lmStudioInstallLink,
  vscodeInstallLink,
} from '../../client-config/index.ts';
import { decisionsToCsv } from '../../command-permissions/index.ts';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RunningConnector } from '../../../connector.ts';
import { allTools, metaTools } from '../../mcp-tools/index.ts';
import { NATIVE_MODELS, ModelInstaller, nodeModelFolder } from '../../semantic-search/index.ts';
import { startTinyHub, tinyModelSpec } from '../../semantic-search/test-support/index.ts';
import { SettingsStore } from '../../settings/index.ts';
import { ServerLifecycle } from './server-lifecycle.ts';
import { SettingsService, type SettingsHost } from './settings-service.ts';
import type { SettingsView } from './settings-api.ts';
import { statusBarText } from './status-line.ts';
import { Operations } from '../../long-work/index.ts';
import { refusal } from '../test-support/refusal.ts';

/** A server stand-in: records its starts; a port in `busy` fails to start like a taken one. */
function fakeServers(busy: Set<number | null>) {
  const starts: (number | null)[] = [];
  const start = async (settings: SettingsStore): Promise<RunningConnector> => {
    const port = settings.current.transport.port;
    starts.push(port);
    if (busy.has(port)) throw new Error(`port ${port} is in use`);
    const listening = port ?? 27200;
    return {
      url: `http://127.0.0.1:${listening}/mcp`,
      port: listening,
      defaultToken: settings.current.tokens[0] as RunningConnector['defaultToken'],
      host: undefined as unknown as RunningConnector['host'],
      semantic: null,
      changes: undefined as unknown as RunningConnector['changes'],
      operations: new Operations(),
      state: 'ready',
      close: async () => undefined,
    };
  };
  return { starts, start };
}

const host: SettingsHost = {
  vaultName: 'Tasks Demo',
  configDir: '.obsidian',
  listFolders: () =>
    ['', 'Projects', 'Projects/Alpha', 'People', 'Daily'].map((path) => ({
      path,
      name: path.split('/').pop() ?? '',
    })),
  commands: () => null,
};

let folder: string;
let store: SettingsStore;
let busy: Set<number | null>;
let servers: ReturnType<typeof fakeServers>;
let server: ServerLifecycle;
let service: SettingsService;

beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'settings-ui-'));
  store = await SettingsStore.open(join(folder, 'data.json'));
  busy = new Set();
  servers = fakeServers(busy);
  server = new ServerLifecycle(store, servers.start);
  service = new SettingsService(server, host);
  await server.start();
});

afterEach(async () => {
  service.close();
  await server.stop();
  await rm(folder, { recursive: true, force: true });
});

const onDisk = async () =>
  JSON.parse(await readFile(join(folder, 'data.json'), 'utf8')) as Record<string, unknown>;

describe('SettingsService: server', () => {
  test('saving a port writes it and restarts the server on it', async () => {
    const after = await service.setPort(27210);
    expect(after).toMatchObject({ state: 'serving', port: 27210 });
    expect(servers.starts).toEqual([null, 27210]);
    expect(await onDisk()).toMatchObject({ transport: { port: 27210 } });
    expect(service.view().server.url).toBe('http://127.0.0.1:27210/mcp');
  });

  test('a port that cannot be used is put back, the server serves on the old one, and the error says so', async () => {
    busy.add(27999);
    expect(await refusal(service.setPort(27999))).toContain(
      'Port 27999 could not be used (port 27999 is in use); the setting was put back and it serves on port 27200 again.',
    );
    expect(servers.starts).toEqual([null, 27999, null]);
    expect(store.current.transport.port).toBeNull();
    expect(service.view().server.state).toBe('serving');
  });

  test('ports below 1024 and non-integers are refused before anything changes', async () => {
    expect(await refusal(service.setPort(80))).toContain('from 1024 to 65535');
    expect(await refusal(service.setPort(27200.5))).toContain('whole number');
    expect(servers.starts).toEqual([null]);
  });

  test('the server name: blank is derived from the vault, a bad one is refused', async () => {
    expect(service.view().derivedServerName).toBe('obsidian-tasks-demo');
    await service.setServerName('work-notes');
    expect(service.view().serverName).toBe('work-notes');
    expect(await refusal(service.setServerName('two words'))).toContain('no spaces');
    await service.setServerName(null);
    expect(service.view().serverName).toBeNull();
  });
});

describe('SettingsService: tokens and tool loading', () => {
  /** What profile all lists: every tool and the meta-tools. */
  const ALL_LISTED = allTools.length + metaTools.length;

  test('an added token is in the view with its secret; the profile changes its tool count', async () => {
    const created = await service.addToken({ label: 'Cursor', profile: 'all', readOnly: false });
    const row = service.view().tokens.find((token) => token.id === created.tokenId);
    expect(row).toMatchObject({ label: 'Cursor', secret: created.secret, listedTools: ALL_LISTED });
    await service.setTokenPolicy(created.tokenId, { profile: 'core' });
    const core = service.view().tokens.find((token) => token.id === created.tokenId);
    expect(core?.listedTools).toBe(16);
    expect(core?.reachableTools).toBe(ALL_LISTED);
  });

  test("a token's install links carry the live endpoint and server name, and go while stopped", async () => {
    const created = await service.addToken({ label: 'Cursor', profile: 'all', readOnly: false });
    const links = () =>
      service.view().tokens.find((token) => token.id === created.tokenId)?.installLinks ?? [];
    const context = {
      url: 'http://127.0.0.1:27200/mcp',
      secret: created.secret,
      serverName: 'obsidian-tasks-demo',
    };
    expect(links()).toEqual([
      { label: 'Add to Cursor', url: cursorInstallLink(context) },
      { label: 'Add to VS Code', url: vscodeInstallLink(context) },
      { label: 'Add to LM Studio', url: lmStudioInstallLink(context) },
    ]);
    await server.stop();
    expect(links()).toEqual([]);
  });

  test('read-only and an allowlist narrow what a token reaches; an unknown tool is refused', async () => {
    const { tokenId } = await service.addToken({ label: 'Reader', profile: 'all', readOnly: true });
    const readOnly = service.view().tokens.find((token) => token.id === tokenId);
    expect(readOnly?.listedTools).toBeLessThan(ALL_LISTED);
    await service.setTokenPolicy(tokenId, { allowlist: [] });
    expect(service.view().tokens.find((token) => token.id === tokenId)?.listedTools).toBe(3);
    expect(
      await refusal(service.setTokenPolicy(tokenId, { allowlist: ['no_such_tool'] })),
    ).toContain('No tool is called no_such_tool.');
  });

  test('the eleventh token is refused with what to do', async () => {
    for (let index = 0; index < 10; index++)
      await service.addToken({ label: `Client ${index}`, profile: 'all', readOnly: false });
    expect(
      await refusal(service.addToken({ label: 'One more', profile: 'all', readOnly: false })),
    ).toContain('There are already 10 tokens; revoke one first.');
  });

  test('the view says whether node and npx are on the PATH, and offers Homebrew on macOS', async () => {
    const runtime = {
      node: null,
      npx: null,
      installCommand: 'brew install node',
    };
    const seen = new SettingsService(server, host, null, null, null, {}, () =>
      Promise.resolve(runtime),
    );
    try {
      const node = await new Promise<SettingsView['node']>((resolve) => {
        const current = seen.view().node;
        if (current !== null) resolve(current);
        seen.subscribe((view) => resolve(view.node));
      });
      expect(node).toMatchObject({
        installCommand: 'brew install node',
        summary: 'node not on the PATH, npx not on the PATH',
      });
      expect(node?.neededBy).toContain('Only the mcp-remote configs need Node.js');
    } finally {
      seen.close();
    }
  });

  test('the view offers what the profile does not list; a picked tool is promoted', async () => {
    const { tokenId } = await service.addToken({ label: 'C', profile: 'core', readOnly: false });
    const viewOf = () => service.view().tokens.find((token) => token.id === tokenId);
    expect(viewOf()?.promotable).toContain('get_backlinks');
    expect(viewOf()?.promotable).not.toContain('search_vault');
    await service.addPromoted(tokenId, 'get_backlinks');
    expect(viewOf()?.promoted).toEqual([{ name: 'get_backlinks', by: 'token' }]);
    expect(viewOf()?.promotable).not.toContain('get_backlinks');
    expect(await refusal(service.addPromoted(tokenId, 'search_vault'))).toContain('lists');
  });

  test('removing an adaptive promotion forgets its count; reset clears counts and pins, not the profile', async () => {
    const { tokenId } = await service.addToken({
      label: 'A',
      profile: 'adaptive',
      readOnly: false,
    });
    await service.setTokenPolicy(tokenId, { promoted: ['list_tags'] });
    // Earned on this device: the promotion and the counts that earned it (ADR-0033).
    await store.usage.update((usage) => ({
      ...usage,
      promoted: ['get_backlinks'],
      calls: { get_backlinks: 5, list_tags: 1 },
    }));
    expect(service.view().tokens.find((token) => token.id === tokenId)?.promoted).toEqual([
      { name: 'list_tags', by: 'token' },
      { name: 'get_backlinks', by: 'adaptive' },
    ]);
    await service.removePromoted(tokenId, { name: 'get_backlinks', by: 'adaptive' });
    expect(store.usage.current).toMatchObject({ promoted: [], calls: { list_tags: 1 } });
    await service.resetAdaptive(tokenId);
    expect(store.usage.current.calls).toEqual({});
    expect(store.current.toolPolicy.tokens[tokenId]).toMatchObject({
      profile: 'adaptive',
      promoted: [],
    });
  });

  test('switching a tool off applies to every token', async () => {
    await service.addToken({ label: 'A', profile: 'all', readOnly: false });
    await service.addToken({ label: 'B', profile: 'all', readOnly: true });
    const before = service.view().tokens.map((token) => token.listedTools);
    await service.setToolEnabled('fetch', false);
    const web = service.view().families.find((family) => family.name === 'Web');
    expect(web?.tools).toEqual([
      expect.objectContaining({ name: 'fetch', disabled: true, readOnly: true }),
    ]);
    expect(service.view().tokens.map((token) => token.listedTools)).toEqual(
      before.map((count) => count - 1),
    );
    expect(await refusal(service.setToolEnabled('nope', false))).toContain(
      'No tool is called nope.',
    );
  });
});

describe('SettingsService: hidden folders and commands', () => {
  test("folders are normalised and suggested from the vault; the root, '..' and the config folder are refused", async () => {
    expect(await service.suggestFolders('proj')).toEqual(['Projects', 'Projects/Alpha']);
    await service.addHiddenFolder(' Projects/Alpha/ ');
    expect(await refusal(service.addHiddenFolder('/Projects'))).toContain('drop the leading');
    await service.addHiddenFolder('projects/alpha');
    expect(store.current.hiddenFolders).toEqual(['Projects/Alpha']);
    expect(await service.suggestFolders('proj')).toEqual(['Projects']);
    expect(await refusal(service.addHiddenFolder('/'))).toContain('vault root');
    expect(await refusal(service.addHiddenFolder('../Other'))).toContain('would leave the vault');
    expect(await refusal(service.addHiddenFolder('.obsidian/plugins'))).toContain('config folder');
    await service.removeHiddenFolder('Projects/Alpha');
    expect(store.current.hiddenFolders).toEqual([]);
  });

  test('the allowlist takes exact ids; the threshold 1-100; the CSV is the decision log', async () => {
    await service.setCommandsEnabled(true);
    await service.addAllowedCommand(' editor:toggle-bold ');
    expect(store.current.commands).toMatchObject({
      enabled: true,
      allowlist: ['editor:toggle-bold'],
    });
    expect(await refusal(service.addAllowedCommand('editor:*'))).toContain(
      'no spaces or wildcards',
    );
    await service.setWarnPerMinute(12);
    expect(store.current.commands.warnPerMinute).toBe(12);
    expect(await refusal(service.setWarnPerMinute(0))).toContain('from 1 to 100');
    const decision = {
      timestamp: '2026-03-01T12:00:00.000Z',
      commandId: 'app:go-back',
      decision: 'denied' as const,
      reason: 'the user denied it, "twice"',
    };
    await store.updateSlice('commands', (commands) => ({ ...commands, decisions: [decision] }));
    expect(await service.decisionsCsv()).toBe(decisionsToCsv([decision]));
  });
});

describe('SettingsService: a settings file that cannot be trusted', () => {
  test('an invalid tokens slice is shown, the server refuses, and token changes say to fix the file', async () => {
    const broken = { id: 'x', label: 'Broken', hash: 'md5:short', createdAt: '2026-03-01' };
    await writeFile(
      join(folder, 'data.json'),
      JSON.stringify({ schemaVersion: 2, transport: { port: null }, tokens: [broken] }),
    );
    await store.refresh();
    const view = service.view();
    expect(view.refusing).toBe(true);
    expect(view.settingsProblem).toContain('tokens');
    expect(statusBarText(view)).toBe('MCP refusing requests: fix data.json');
    expect(
      await refusal(service.addToken({ label: 'Cursor', profile: 'all', readOnly: false })),
    ).toContain('The tokens settings in data.json are invalid, so they are not changed.');
  });
});

describe('SettingsService: view updates', () => {
  test('a change made elsewhere (the tokens CLI, the server) reaches subscribers', async () => {
    const seen: number[] = [];
    service.subscribe((view) => seen.push(view.tokens.length));
    await store.updateSlice('tokens', (tokens) => [...tokens, newToken('From the CLI')]);
    expect(seen.at(-1)).toBe(1);
    await service.restartServer();
    expect(service.view().server.state).toBe('serving');
  });
});

describe('Claude Desktop sync', () => {
  const place = { vaultPath: '/vault', pluginId: 'local-mcp-server', version: '1.0.0' };

  test('without a config path it is unavailable and refused', async () => {
    expect(service.view().desktop).toMatchObject({ available: false, ownerTokenId: null });
    expect(await refusal(service.setDesktopSync(null))).toContain("vault on this computer's disk");
  });

  test('revoking the owner removes its entry even while the server is stopped', async () => {
    const config = join(folder, 'Claude', 'claude_desktop_config.json');
    const vault = await mkdtemp(join(tmpdir(), 'settings-ui-vault-'));
    const synced = new SettingsService(server, host, { ...place, vaultPath: vault }, config);
    try {
      const laptop = await synced.addToken({ label: 'Laptop', profile: 'all', readOnly: false });
      expect(await synced.setDesktopSync(laptop.tokenId)).toContain('with the token "Laptop"');
      expect(synced.view().desktop).toMatchObject({
        available: true,
        ownerTokenId: laptop.tokenId,
        entryName: 'obsidian-tasks-demo',
        configPath: config,
      });
      await server.stop();
      await synced.revokeToken(laptop.tokenId);
      const servers = (JSON.parse(await readFile(config, 'utf8')) as { mcpServers: object })
        .mcpServers;
      expect(servers).toEqual({});
      expect(synced.view().desktop.ownerTokenId).toBeNull();
    } finally {
      synced.close();
      await rm(vault, { recursive: true, force: true });
    }
  });
});

describe('the built-in model', () => {
  test('is looked up in its folder, downloads only through downloadModel, and follows the Model setting', async () => {
    const tiny = await tinyModelSpec();
    const hub = await startTinyHub(tiny);
    const installer = new ModelInstaller({
      folder: nodeModelFolder(join(folder, 'models')),
      runtime: false,
      sources: { hub: hub.url, cdn: hub.url },
      fetch: (url, init) => fetch(url, init),
    });
    const nativeModels = { ...NATIVE_MODELS, 'all-MiniLM-L6-v2': tiny };
    const models = {
      installer,
      folder: '.obsidian/plugins/local-mcp-server/models/',
      nativeModels,
    };
    const withModels = new SettingsService(server, host, null, null, models);
    try {
      const before = withModels.view().semantic.model;
      expect(before?.state).toBe('not_installed');
      expect(before?.consent).toContain(`from ${new URL(hub.url).host}`);
      expect(before?.consent).toContain('into .obsidian/plugins/local-mcp-server/models/');
      expect(before?.files.map((file) => file.path)).toContain('tiny-bert/onnx/model.onnx');
      expect(hub.requests).toHaveLength(0);

      const states: string[] = [];
      withModels.subscribe((view) => states.push(view.semantic.model?.state ?? 'none'));
      await withModels.downloadModel();
      expect(withModels.view().semantic.model?.state).toBe('installed');
      expect(withModels.view().semantic.model?.line).toContain('Semantic search model installed');
      expect(states).toContain('downloading');
      expect(states).toContain('verifying');

      const menu = withModels.view().semantic.nativeModels;
      expect(menu.map((option) => [option.name, option.state])).toEqual([
        ['all-MiniLM-L6-v2', 'installed'],
        ['embeddinggemma-300m', 'not_installed'],
        ['multilingual-e5-base', 'unavailable'],
      ]);
      expect(menu[1]?.label).toBe('EmbeddingGemma 300M (768-d, multilingual): not installed');

      await withModels.setSemantic({ nativeModel: 'multilingual-e5-base' });
      expect(withModels.view().semantic.model?.state).toBe('unavailable');
      const refused = await withModels.downloadModel().catch((error: unknown) => error);
      expect(String(refused)).toContain('pick all-MiniLM-L6-v2');
    } finally {
      withModels.close();
      await hub.close();
    }
  });
});
