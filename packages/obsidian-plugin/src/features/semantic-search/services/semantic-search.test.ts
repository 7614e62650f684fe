import { afterEach, describe, expect, test } from 'bun:test';
import { openTestHost, type TestHost } from '../../../host/test-support/test-host.ts';
import { ToolError } from '@mcp-connector/shared';
import { waitFor, waitForValue } from '@mcp-connector/shared/test-support';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ModelInstaller } from '../model-files/model-installer.ts';
import { nodeModelFolder } from '../model-files/model-folder.ts';
import { NATIVE_MODELS } from '../providers/native-models.ts';
import type { FakeHub } from '../test-support/fake-hub.ts';
import { startFakeHub } from '../test-support/fake-hub.ts';
import {
  TINY_MODELS,
  TINY_MODEL_ID,
  startTinyHub,
  tinyModelSpec,
} from '../test-support/tiny-model.ts';
import { inProcessEmbedders } from '../worker/in-process-embedders.ts';
import {
  ProviderUnavailableError,
  type EmbeddingProvider,
} from '../providers/embedding-provider.ts';
import { hashingProvider } from '../providers/hashing-provider.ts';
import { defaultSemanticSettings } from '../settings.ts';
import { countingProvider } from '../test-support/semantic-fixtures.ts';
import {
  SemanticSearch,
  type SearchRequest,
  type SemanticSearchOptions,
} from './semantic-search.ts';

let vault: TestHost;
let service: SemanticSearch;
afterEach(async () => {
  await service.close();
  await vault.close();
});

const notes = {
  'Garden/Plan.md': '# Garden\n## Risks\nLate frost could kill the seedlings.\n',
  'Kitchen/Bread.md': '# Sourdough\nFeed the starter, then bake the loaf.\n',
};

function newService(options: Partial<SemanticSearchOptions>): SemanticSearch {
  service = new SemanticSearch({
    host: vault.host,
    indexDirectory: join(vault.root, '.obsidian/plugins/local-mcp-server/semantic-index'),
    settings: defaultSemanticSettings(),
    index: { debounceMs: 0 },
    ...options,
  });
  return service;
}

const request = (query: string, extra: Partial<SearchRequest> = {}): SearchRequest => ({
  query,
  limit: 10,
  mode: 'hybrid',
  includeFolders: [],
  excludeFolders: [],
  host: vault.host,
  ...extra,
});

async function failure(promise: Promise<unknown>): Promise<ToolError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ToolError) return error;
    throw error;
  }
  throw new Error('expected a ToolError');
}

describe('SemanticSearch', () => {
  test('the first query starts indexing; while it builds the answer is index_building with progress', async () => {
    vault = await openTestHost(notes);
    const provider = countingProvider();
    provider.hold();
    newService({ createProvider: () => provider, queryWaitMs: 30 });
    const progress: [number, number, string][] = [];
    const error = await failure(
      service.search(request('frost'), (done, total, message) =>
        progress.push([done, total, message]),
      ),
    );
    expect(error.code).toBe('index_building');
    expect(error.details).toEqual({
      filesIndexed: 0,
      filesTotal: 2,
      percent: 0,
      retryAfterSeconds: 10,
      notesPerSecond: 0,
    });
    expect(error.message).toContain('search_vault_simple');
    expect(progress[0]).toEqual([0, 2, 'Semantic index: 0 of 2 notes (0%, hashing:32).']);

    provider.release();
    await service.settled();
    const { result } = await service.search(request('frost seedlings'), () => undefined);
    expect(result.provider).toBe('hashing:32');
    expect(result.hits[0]).toEqual({
      path: 'Garden/Plan.md',
      heading: 'Risks',
      score: expect.any(Number) as number,
      excerpt: 'Late frost could kill the seedlings.',
    });
  });

  test("folder filters and the caller's view of the vault decide which notes can be hits", async () => {
    vault = await openTestHost({
      ...notes,
      'Garden/Bread ideas.md': 'bake bread with garden herbs',
    });
    newService({ createProvider: () => hashingProvider(32) });
    service.start();
    const paths = async (extra: Partial<SearchRequest>) =>
      (await service.search(request('bread bake garden', extra))).result.hits.map(
        (hit) => hit.path,
      );
    // Garden/Plan.md holds one word of the three and nothing else near: under the floor.
    expect((await paths({})).sort()).toEqual(['Garden/Bread ideas.md', 'Kitchen/Bread.md']);
    expect(await paths({ includeFolders: ['Garden'] })).toEqual(['Garden/Bread ideas.md']);
    expect(await paths({ excludeFolders: ['Garden'] })).toEqual(['Kitchen/Bread.md']);
    const blind = { ...vault.host, getFile: () => null } as unknown as SearchRequest['host'];
    expect(await paths({ host: blind })).toEqual([]);
    expect(await paths({ limit: 1 })).toHaveLength(1);
  });

  test('switching provider keeps the old index answering until the new one is ready, then deletes it', async () => {
    vault = await openTestHost(notes);
    const slow = countingProvider(hashingProvider(16), 'second:16');
    const providers: Record<string, EmbeddingProvider> = {
      offline: hashingProvider(32),
      native: slow,
    };
    newService({ createProvider: (settings) => providers[settings.provider] as EmbeddingProvider });
    await service.applySettings({ ...defaultSemanticSettings(), provider: 'offline' });
    service.start();
    expect((await service.search(request('frost'))).result.provider).toBe('hashing:32');
    const oldFolder = join(
      vault.root,
      '.obsidian/plugins/local-mcp-server/semantic-index/hashing_32',
    );
    expect(existsSync(oldFolder)).toBe(true);

    slow.hold();
    await service.applySettings({ ...defaultSemanticSettings(), provider: 'native' });
    expect((await service.search(request('frost'))).result.provider).toBe('hashing:32');
    expect(service.status()).toMatchObject({ providerId: 'second:16', state: 'building' });
    slow.release();
    // The switch is done when the old index's folder is gone; until then the old one answers.
    await waitFor(() => !existsSync(oldFolder), 'the old index to be deleted');
    expect((await service.search(request('frost'))).result.provider).toBe('second:16');
  });

  test('switching back before the new index is ready cancels it and keeps the old one', async () => {
    vault = await openTestHost(notes);
    const slow = countingProvider(hashingProvider(16), 'second:16');
    const providers: Record<string, EmbeddingProvider> = {
      offline: hashingProvider(32),
      native: slow,
    };
    newService({
      settings: { ...defaultSemanticSettings(), provider: 'offline' },
      createProvider: (settings) => providers[settings.provider] as EmbeddingProvider,
    });
    service.start();
    await service.search(request('frost'));
    slow.hold();
    await service.applySettings({ ...defaultSemanticSettings(), provider: 'native' });
    expect(service.status()?.providerId).toBe('second:16');
    await service.applySettings({ ...defaultSemanticSettings(), provider: 'offline' });
    expect(service.status()?.providerId).toBe('hashing:32');
    slow.release();
    // Once the cancelled build's held embedding has returned, it has had its chance to write.
    await waitFor(() => slow.inFlight === 0, 'the held embedding to return');
    expect((await service.search(request('frost'))).result.provider).toBe('hashing:32');
    const indexes = join(vault.root, '.obsidian/plugins/local-mcp-server/semantic-index');
    expect(existsSync(join(indexes, 'second_16'))).toBe(false);
    expect(existsSync(join(indexes, 'hashing_32'))).toBe(true);
  });

  test('rebuild deletes the index and embeds every note again, reporting its pace', async () => {
    vault = await openTestHost(notes);
    const provider = countingProvider();
    newService({ createProvider: () => provider });
    const ready = async () => {
      await service.settled();
      expect(service.status()?.state).toBe('ready');
    };
    service.start();
    await ready();
    const embeddedOnce = provider.embedded.length;
    expect(embeddedOnce).toBeGreaterThan(0);

    provider.hold();
    await service.rebuild();
    expect(service.status()).toMatchObject({
      state: 'building',
      filesIndexed: 0,
      notesPerSecond: 0,
    });
    provider.release();
    await ready();
    expect(service.status()).toMatchObject({ filesTotal: 2, notesPerSecond: 0 });
    expect(provider.embedded.length).toBe(2 * embeddedOnce);
    expect((await service.search(request('frost'))).result.hits[0]?.path).toBe('Garden/Plan.md');
  }, 30_000);

  test('off, an unknown provider or one that cannot run: unsupported, naming the fix', async () => {
    vault = await openTestHost(notes);
    newService({ settings: { ...defaultSemanticSettings(), enabled: false } });
    expect(await failure(service.search(request('x')))).toMatchObject({ code: 'unsupported' });
    await service.close();

    newService({
      createProvider: () => {
        throw new ProviderUnavailableError('Smart Connections is not installed.');
      },
    });
    const missing = await failure(service.search(request('x')));
    expect(missing.code).toBe('unsupported');
    expect(missing.message).toBe(
      'Semantic search is unavailable: Smart Connections is not installed. Use search_vault_simple meanwhile.',
    );
    await service.close();

    const broken: EmbeddingProvider = {
      ...hashingProvider(8),
      embed: () => Promise.reject(new ProviderUnavailableError('no runtime here')),
    };
    newService({ createProvider: () => broken });
    const failed = await failure(service.search(request('x')));
    expect(failed).toMatchObject({ code: 'unsupported', details: { reason: 'no runtime here' } });
  });
});

describe('SemanticSearch before the native model is installed', () => {
  let hub: FakeHub | null = null;
  let models: string | null = null;
  afterEach(async () => {
    await hub?.close();
    if (models !== null) await rm(models, { recursive: true, force: true });
  });

  test('answers by keywords, says semantic ranking is not installed and how; takes over once installed', async () => {
    vault = await openTestHost(notes);
    const tiny = await tinyModelSpec();
    hub = await startTinyHub(tiny);
    models = await mkdtemp(join(tmpdir(), 'models-'));
    const installer = new ModelInstaller({
      folder: nodeModelFolder(models),
      runtime: false,
      sources: { hub: hub.url, cdn: hub.url },
      fetch: (url, init) => fetch(url, init),
    });
    const needed: string[] = [];
    newService({
      settings: { ...defaultSemanticSettings(), provider: 'native' },
      environment: {
        embedders: inProcessEmbedders(),
        models: installer,
        installHint: 'press Download',
        nativeModels: { ...NATIVE_MODELS, 'all-MiniLM-L6-v2': tiny },
      },
      onModelNeeded: (message) => needed.push(message),
    });
    const first = (await service.search(request('frost'))).result;
    expect(first).toMatchObject({
      provider: 'lexical:bm25',
      mode: 'hybrid',
      ranking: 'lexical',
      semanticRanking: 'not_installed',
    });
    expect(first.hint).toContain('Semantic ranking is not installed');
    expect(first.hint).toContain('press Download');
    expect(first.hits.map((hit) => hit.path)).toEqual(['Garden/Plan.md']);
    await service.search(request('bread'));
    expect(needed).toHaveLength(1);
    expect(hub.requests).toHaveLength(0); // nothing was fetched without the user's say
    expect(
      existsSync(
        join(vault.root, '.obsidian/plugins/local-mcp-server/semantic-index/lexical_bm25'),
      ),
    ).toBe(false);

    expect((await installer.download(tiny)).state).toBe('installed');
    // The installed model is picked up by the service's own watcher, in the background.
    const answer = await waitForValue(async () => {
      const { result } = await service.search(request('frost'));
      return result.ranking === 'lexical' ? undefined : result;
    }, 'semantic ranking once the model is installed');
    expect(answer).toMatchObject({ provider: 'native:tiny-bert', ranking: 'hybrid' });
    expect(answer.semanticRanking).toBeUndefined();
    expect(answer.hint).toBeUndefined();
  });

  test('switching to a model not installed yet keeps the previous model answering until the new one is downloaded and built', async () => {
    vault = await openTestHost(notes);
    const tiny = await tinyModelSpec();
    // A second model: the same tiny files under another id, as EmbeddingGemma would be.
    const other = { ...tiny, modelId: 'tiny-gemma', label: 'Tiny second model' };
    hub = await startFakeHub({
      models: Object.fromEntries(
        [tiny, other].map((model) => [
          model.modelId,
          { revision: tiny.pins?.revision ?? '', folder: join(TINY_MODELS, TINY_MODEL_ID) },
        ]),
      ),
    });
    models = await mkdtemp(join(tmpdir(), 'models-'));
    const installer = new ModelInstaller({
      folder: nodeModelFolder(models),
      runtime: false,
      sources: { hub: hub.url, cdn: hub.url },
      fetch: (url, init) => fetch(url, init),
    });
    await installer.download(tiny);
    const settings = { ...defaultSemanticSettings(), provider: 'native' as const };
    newService({
      settings,
      environment: {
        embedders: inProcessEmbedders(),
        models: installer,
        nativeModels: { ...NATIVE_MODELS, 'all-MiniLM-L6-v2': tiny, 'embeddinggemma-300m': other },
      },
    });
    const indexes = join(vault.root, '.obsidian/plugins/local-mcp-server/semantic-index');
    expect((await service.search(request('frost'))).result.provider).toBe('native:tiny-bert');

    await service.applySettings({ ...settings, nativeModel: 'embeddinggemma-300m' });
    const meanwhile = (await service.search(request('frost'))).result;
    expect(meanwhile).toMatchObject({ provider: 'native:tiny-bert', ranking: 'hybrid' });
    expect(meanwhile.hint).toBeUndefined();
    expect(existsSync(join(indexes, 'native_tiny-bert'))).toBe(true);

    const answered = new Set<string>();
    const downloaded = installer.download(other);
    const switched = await waitForValue(async () => {
      const { result } = await service.search(request('frost'));
      answered.add(`${result.provider} ${result.ranking}`);
      return result.provider === 'native:tiny-gemma' ? result : undefined;
    }, 'the second model to take over once downloaded and built');
    expect((await downloaded).state).toBe('installed');
    expect(switched.ranking).toBe('hybrid');
    // Every answer on the way came from one model or the other, never from keywords alone.
    expect([...answered].every((line) => line.endsWith(' hybrid'))).toBe(true);
    await waitFor(() => !existsSync(join(indexes, 'native_tiny-bert')), 'the old index to go');
  });
});
