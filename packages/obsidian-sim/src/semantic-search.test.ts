/**
 * Semantic search in the built main.js before its model is installed (issue 15): the plugin
 * downloads nothing on its own, search_vault_smart still answers, ranked by keywords, and says
 * that semantic ranking is not installed and how to enable it; the first such search puts up a
 * Notice with a Download button, and the command to download is registered; the settings tab's
 * Semantic search section says what Download model would fetch, from where and into which
 * folder. No button is clicked here: a download would leave this machine.
 */
import { afterAll, beforeAll, expect, test } from 'bun:test';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { loadPlugin, type LoadedPlugin } from './load-plugin.ts';
import { firstTokenSecret } from '@mcp-connector/shared/test-support';
import { buildMainJs, type BuiltPlugin } from './test-support/built-plugin.ts';
import { PLUGIN_DATA, makeSimVault, type SimVault } from './test-support/sim-vault.ts';

let built: BuiltPlugin;
let vault: SimVault;
let loaded: LoadedPlugin;
let client: Client;

beforeAll(async () => {
  built = await buildMainJs();
  vault = await makeSimVault({
    'Garden/Plan.md': '# Garden plan\n\n## Risks\n\nLate frost could kill the seedlings.\n',
    'Kitchen/Bread.md': '# Sourdough\n\nFeed the starter, then bake the loaf.\n',
  });
  const dataPath = join(vault.root, PLUGIN_DATA);
  const settings = JSON.parse(await readFile(dataPath, 'utf8')) as {
    semantic: { enabled: boolean };
  };
  settings.semantic.enabled = true; // provider auto: no Smart Connections here, so native
  await writeFile(dataPath, JSON.stringify(settings, null, 2));
  loaded = await loadPlugin({ vault: vault.root, mainJs: built.mainJs });
  const serving = await loaded.waitForNotice(/serving at/);
  const secret = await firstTokenSecret(vault.root, PLUGIN_DATA);
  client = new Client({ name: 'obsidian-sim-semantic', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(serving.slice(serving.indexOf('http'))), {
      requestInit: { headers: { Authorization: `Bearer ${secret}` } },
    }),
  );
}, 60_000);

afterAll(async () => {
  await client.close();
  await loaded.unload();
  await vault.remove();
  await built.remove();
});

test('search_vault_smart answers by keywords before the model is installed, and says how to enable it', async () => {
  expect(loaded.commands.map((command) => command.id)).toContain(
    'local-mcp-server:download-semantic-model',
  );
  const result = await client.callTool({
    name: 'search_vault_smart',
    arguments: { query: 'frost seedlings' },
  });
  expect(result.isError).toBeFalsy();
  const answer = result.structuredContent as {
    ranking: string;
    semanticRanking: string;
    hint: string;
    provider: string;
    hits: { path: string; heading: string | null }[];
  };
  expect(answer).toMatchObject({
    provider: 'lexical:bm25',
    ranking: 'lexical',
    semanticRanking: 'not_installed',
  });
  expect(answer.hint).toContain('Semantic ranking is not installed');
  expect(answer.hint).toContain('Download the semantic search model');
  expect(answer.hits[0]).toMatchObject({ path: 'Garden/Plan.md', heading: 'Risks' });
  const offer = await loaded.waitForNotice(/Semantic ranking is not installed/);
  expect(offer).toContain('Download model');
  expect(existsSync(join(vault.root, '.obsidian/plugins/local-mcp-server/models'))).toBe(false);
}, 30_000);

test("the settings tab offers the model's download: what, how big, from where, into which folder", async () => {
  const tab = await loaded.renderSettings();
  const semantic = tab.querySelector('[data-section="semantic"]');
  expect(semantic?.querySelector('[data-testid="model-status"]')?.textContent).toBe(
    'Semantic search model not installed (Xenova/all-MiniLM-L6-v2, 50.5 MB).',
  );
  const consent = semantic?.querySelector('[data-testid="model-consent"]')?.textContent ?? '';
  expect(consent).toContain('from huggingface.co at revision 751bff3');
  expect(consent).toContain('the WebAssembly runtime (26.9 MB) from cdn.jsdelivr.net');
  // This device's models folder, shared by its vaults (ADR-0033); never the vault.
  expect(consent).toContain(
    `into ${join(process.env.HOME ?? '', '.cache', 'local-mcp-server', 'models')}`,
  );
  const buttons = [...(semantic?.querySelectorAll('button') ?? [])].map((b) => b.textContent);
  expect(buttons).toContain('Download model');
  expect(existsSync(join(vault.root, '.obsidian/plugins/local-mcp-server/models'))).toBe(false);
});

test('the Model menu offers the three models, each with its state on this device', async () => {
  const tab = await loaded.renderSettings();
  const menu = tab.querySelector('[data-section="semantic"] select[aria-label="Model"]');
  const options = [...(menu?.querySelectorAll('option') ?? [])].map((option) => [
    option.getAttribute('value'),
    option.textContent,
  ]);
  expect(options).toEqual([
    ['all-MiniLM-L6-v2', 'MiniLM-L6-v2 (384-d, English): not installed'],
    ['embeddinggemma-300m', 'EmbeddingGemma 300M (768-d, multilingual): not installed'],
    ['multilingual-e5-base', 'Multilingual-E5-Base (768-d, multilingual): not installed'],
  ]);
});
