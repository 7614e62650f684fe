/**
 * While the vault index is being built (a headless server listens from its first second), calls
 * that need the index answer `index_building` with how far it is, tools that do not need it
 * (get_server_info) answer at once and report the state, prompts wait or refuse the same way, a
 * failed build answers `index_failed`, and once the index is ready everything answers. The build
 * is driven by hand here (a real IndexProgress), so nothing depends on how fast the machine is.
 */
import { afterEach, describe, expect, test } from 'bun:test';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { startConnector, type RunningConnector } from '@mcp-connector/obsidian-plugin/connector';
import { SettingsStore } from '@mcp-connector/obsidian-plugin/settings';
import { IndexProgress } from '../node-host/index-progress.ts';
import { NodeHost } from '../node-host/node-host.ts';
import { settingsPathOf } from '../serve.ts';
import {
  buildVault,
  callFail,
  callOk,
  PROTOCOL_LINES,
  type TempVault,
} from '../test-support/index.ts';

let cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanup.reverse()) await step();
  cleanup = [];
});

async function serveWhileBuilding(): Promise<{
  progress: IndexProgress;
  connect: (line: 'legacy' | 'modern') => Promise<Client>;
}> {
  const vault: TempVault = await buildVault({
    'a.md': '# A\n#topic\n',
    'Prompts/Summarize.md': '---\ntags: [mcp-tools-prompt]\n---\nSummarize.\n',
  });
  cleanup.push(() => vault.remove());
  const host = await NodeHost.open(vault.root, { watch: false });
  cleanup.push(() => host.close());
  const settings = await SettingsStore.open(settingsPathOf(vault.root));
  cleanup.push(async () => settings.close());
  const progress = new IndexProgress();
  const connector: RunningConnector = await startConnector({
    host,
    indexing: progress,
    indexWaitMs: 20,
    settings,
    version: '0.0.0-test',
    port: 0,
  });
  cleanup.push(() => connector.close());
  const connect = async (line: 'legacy' | 'modern') => {
    const client = new Client(
      { name: 'e2e-test', version: '1.0.0' },
      { versionNegotiation: { mode: line === 'modern' ? { pin: '2026-07-28' } : 'legacy' } },
    );
    await client.connect(
      new StreamableHTTPClientTransport(new URL(connector.url), {
        requestInit: {
          headers: { Authorization: `Bearer ${connector.defaultToken?.secret ?? ''}` },
        },
      }),
    );
    cleanup.push(() => client.close());
    return client;
  };
  return { progress, connect };
}

describe('calls while the vault index is being built', () => {
  for (const line of PROTOCOL_LINES)
    test(`${line}: index_building with progress, get_server_info reports it, then answers`, async () => {
      const { progress, connect } = await serveWhileBuilding();
      const client = await connect(line);
      const scanning = await callOk(client, 'get_server_info');
      expect(scanning.index).toMatchObject({ state: 'building', phase: 'scanning', total: null });
      progress.startIndexing(1000);
      for (let i = 0; i < 400; i++) progress.noteDone(i % 2 === 0);
      const building = await callFail(client, 'get_vault_overview');
      expect(building.code).toBe('index_building');
      expect(building.message).toContain('400 of 1,000 notes');
      expect(building.message).toContain('get_server_info');
      expect(building.details).toMatchObject({ done: 400, total: 1000, phase: 'indexing' });
      expect(building.details?.retryAfterSeconds).toBeGreaterThanOrEqual(1);
      const info = await callOk(client, 'get_server_info');
      expect(info.index).toMatchObject({
        state: 'building',
        done: 400,
        total: 1000,
        fromCache: 200,
      });
      const refused = await client.listPrompts().then(
        () => 'listed',
        (error: unknown) => String(error),
      );
      expect(refused).toContain('400 of 1,000 notes');
      progress.finish();
      expect((await callOk(client, 'get_server_info')).index).toEqual({ state: 'ready' });
      const overview = await callOk(client, 'get_vault_overview');
      expect(overview).toMatchObject({ counts: { notes: 2 } });
      const prompts = await client.listPrompts();
      expect(prompts.prompts.map((prompt) => prompt.name)).toContain('Summarize');
    });

  test('prompts answer once the build has ended', async () => {
    const { progress, connect } = await serveWhileBuilding();
    const client = await connect('modern');
    progress.startIndexing(2);
    const pending = client.listPrompts();
    progress.finish();
    expect((await pending).prompts.map((prompt) => prompt.name)).toContain('Summarize');
  });

  test('a failed build answers index_failed with the reason; get_server_info still answers', async () => {
    const { progress, connect } = await serveWhileBuilding();
    const client = await connect('legacy');
    progress.finish(new Error('the vault folder is unreadable'));
    const failed = await callFail(client, 'search_vault_simple', { query: 'A' });
    expect(failed.code).toBe('index_failed');
    expect(failed.message).toContain('the vault folder is unreadable');
    expect((await callOk(client, 'get_server_info')).index).toMatchObject({
      state: 'failed',
      error: 'the vault folder is unreadable',
    });
  });
});
