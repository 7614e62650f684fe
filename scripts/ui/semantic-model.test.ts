/**
 * The Semantic search section's built-in model in real Chromium, against the real settings
 * services, a real server over a temp copy of the demo vault and a loopback server playing the
 * Hugging Face hub and the npm CDN (the committed tiny model stands in for all-MiniLM-L6-v2,
 * onnxruntime-web's .wasm comes from node_modules, both with their real hashes). The section's
 * Download button is the consent; search_vault_smart is asked through the official MCP client.
 */
import { afterEach, expect, test } from 'bun:test';
import type { Client } from '@modelcontextprotocol/client';
import type { Page } from 'playwright-core';
import { callOk } from '../../packages/headless/src/test-support/index.ts';
import { withDeviceSecret } from '../../packages/obsidian-plugin/src/features/tool-policy/index.ts';
import { heldHere } from '../../packages/shared/src/index.ts';
import { WEB_RUNTIME } from '../../packages/obsidian-plugin/src/features/semantic-search/index.ts';
import {
  startTinyHub,
  tinyModelSpec,
  type FakeHub,
} from '../../packages/obsidian-plugin/src/features/semantic-search/test-support/index.ts';
import { startSettingsHarness, type SettingsHarness } from './settings-harness.ts';
import { waitFor } from '../../packages/shared/src/test-support/index.ts';
import { chromiumSuite, section, showing } from './ui-test-support.ts';

const TIMEOUT_MS = 120_000;
const suite = chromiumSuite("the semantic section's Chromium tests");

let hub: FakeHub | null = null;
let running: SettingsHarness | null = null;

/**
 * The harness on the native provider, its model downloadable from a fresh loopback hub; the
 * semantic section, its install line, and an MCP client with the Default token.
 */
async function start() {
  const tiny = await tinyModelSpec();
  const started = await startTinyHub(tiny);
  hub = started;
  const harness = await startSettingsHarness({
    nativeModel: { spec: tiny, sources: { hub: started.url, cdn: started.url } },
  });
  running = harness;
  const semantic = section(harness.page, 'semantic');
  const status = semantic.getByTestId('model-status');
  const first = harness.settings.current.tokens[0];
  if (first === undefined) throw new Error('The harness has no Default token.');
  const client = await harness.connect(heldHere(withDeviceSecret(harness.settings, first)).secret);
  return { hub: started, page: harness.page, semantic, status, client };
}

afterEach(async () => {
  await running?.stop();
  await hub?.close();
  running = null;
  hub = null;
});

interface SmartResult {
  provider: string;
  ranking: string;
  semanticRanking?: string;
  hint?: string;
  hits: { path: string }[];
}

const search = async (client: Client, mode: 'hybrid' | 'semantic') =>
  (await callOk(client, 'search_vault_smart', {
    query: 'garden planning',
    mode,
  })) as unknown as SmartResult;

/** The progress bar's value (a property, not reflected in an attribute). */
const progressValue = (page: Page) =>
  page.evaluate(
    () => document.querySelector<HTMLProgressElement>('progress.mcp-connector-progress')?.value,
  );

suite('the semantic section: the built-in model', () => {
  test(
    'nothing is fetched before Download; the download shows progress, cancels and resumes; search_vault_smart turns from lexical to hybrid',
    async () => {
      const { hub, page, semantic, status, client } = await start();

      await showing(status, 'Semantic search model not installed (tiny-bert');
      const consent = (await semantic.getByTestId('model-consent').textContent()) ?? '';
      expect(consent).toContain(`from ${new URL(hub.url).host}`);
      expect(consent).toContain('into .obsidian/plugins/local-mcp-server/models/');
      const before = await search(client, 'hybrid');
      expect(before).toMatchObject({
        provider: 'lexical:bm25',
        ranking: 'lexical',
        semanticRanking: 'not_installed',
      });
      expect(before.hint).toContain('Semantic ranking is not installed: the tiny-bert model');
      expect(before.hits[0]?.path).toBe('Archive/2025/Garden plan 2025.md');
      expect(hub.requests).toHaveLength(0); // nothing before the click

      // The CDN holds the runtime after 10 MB: the download is caught under way.
      const held = hub.holdAfter(WEB_RUNTIME.file.path, 10_000_000);
      await semantic.getByRole('button', { name: 'Download model' }).click();
      // Everything before the hold shows: the model files and 10 MB of the runtime.
      await showing(status, /^Downloading the semantic search model: 10\.0 MB of 26\.9 MB \(37%/);
      expect(await progressValue(page)).toBe(37);

      await semantic.getByRole('button', { name: 'Cancel' }).click();
      await showing(status, /not installed: [\d.]+ MB of [\d.]+ MB downloaded so far/);
      held.release();
      await semantic.getByRole('button', { name: 'Download model' }).click();
      await showing(status, 'Semantic search model installed (tiny-bert');
      const runtime = hub.requests.filter((request) =>
        request.path.endsWith(WEB_RUNTIME.file.path),
      );
      expect(runtime.map((request) => request.status)).toEqual([200, 206]); // resumed
      expect(runtime[1]?.range).toMatch(/^bytes=[1-9]\d*-$/);

      await showing(
        semantic.getByTestId('index-status'),
        /^Semantic index ready: \d+ notes, \d+ chunks \(native:tiny-bert\)/,
      );
      let after: SmartResult | null = null;
      await waitFor(async () => {
        after = await search(client, 'hybrid');
        return after.ranking === 'hybrid';
      }, 'search_vault_smart ranks by meaning');
      expect(after).toMatchObject({ provider: 'native:tiny-bert', ranking: 'hybrid' });
      expect(after).not.toHaveProperty('semanticRanking');
      expect(after).not.toHaveProperty('hint');
      expect(await search(client, 'semantic')).toMatchObject({ ranking: 'semantic' });

      // The menu names the three models with their state here.
      const menu = semantic.getByRole('combobox', { name: 'Model', exact: true });
      expect(await menu.locator('option').allTextContents()).toEqual([
        'Tiny test model: installed',
        'EmbeddingGemma 300M (768-d, multilingual): not installed',
        'Multilingual-E5-Base (768-d, multilingual): not installed',
      ]);
      // E5 says in plain words that its hashes will be those of its first download, and until
      // it is downloaded and built the model before it keeps answering.
      await menu.selectOption('multilingual-e5-base');
      await showing(status, 'will be recorded on this device, and later downloads must match');
      expect(await semantic.getByTestId('model-consent').textContent()).toContain(
        'No SHA-256 is published',
      );
      expect(await search(client, 'hybrid')).toMatchObject({
        provider: 'native:tiny-bert',
        ranking: 'hybrid',
      });
    },
    TIMEOUT_MS,
  );

  test(
    'a corrupted file is refused and fetched again; one that stays corrupted fails with the reason and a retry',
    async () => {
      const { hub, semantic, status, client } = await start();

      hub.corrupt('/tokenizer_config.json', 3);
      await semantic.getByRole('button', { name: 'Download model' }).click();
      await showing(
        status,
        'could not be downloaded: tiny-bert/tokenizer_config.json did not match its pinned SHA-256',
      );
      await semantic.getByTestId('model-consent').waitFor();
      expect((await search(client, 'hybrid')).ranking).toBe('lexical'); // never loaded

      hub.corrupt('onnx/model.onnx', 1);
      const sent = hub.requests.length;
      await semantic.getByRole('button', { name: 'Retry' }).click();
      await showing(
        status,
        /^Semantic search model installed \(tiny-bert, 26\.9 MB\)\. tiny-bert\/onnx\/model\.onnx did not match its pinned SHA-256 and was downloaded again\.$/,
      );
      const model = hub.requests
        .slice(sent)
        .filter((request) => request.path.endsWith('onnx/model.onnx') && request.status !== 302);
      expect(model).toHaveLength(2);
      expect(
        hub.requests.slice(sent).some((request) => request.path.endsWith('/config.json')),
      ).toBe(false); // what was already installed is not fetched again
    },
    TIMEOUT_MS,
  );
});
