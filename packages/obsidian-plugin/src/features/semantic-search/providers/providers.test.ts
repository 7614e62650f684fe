import { memoryFirstUseRecords } from '../model-files/first-use-records.ts';
import { describe, expect, test } from 'bun:test';
import { defaultSemanticSettings } from '../settings.ts';
import { chooseProvider } from './choose-provider.ts';
import { ModelInstaller } from '../model-files/model-installer.ts';
import { nodeModelFolder } from '../model-files/model-folder.ts';
import { inProcessEmbedders } from '../worker/in-process-embedders.ts';
import { ModelNotInstalledError, ProviderUnavailableError } from './embedding-provider.ts';
import { hashingProvider } from './hashing-provider.ts';
import { smartConnectionsAccess, smartConnectionsProvider } from './smart-connections.ts';

describe('hashing provider', () => {
  test('deterministic unit vectors; shared words make texts close', async () => {
    const provider = hashingProvider(64);
    const [a, b, c, again] = await provider.embed(
      ['red apples', 'red apples and pears', 'blue sky', 'red apples'],
      'document',
    );
    if (a === undefined || b === undefined || c === undefined || again === undefined)
      throw new Error('missing');
    const dot = (x: Float32Array, y: Float32Array) =>
      x.reduce((sum, value, i) => sum + value * (y[i] as number), 0);
    expect([...a]).toEqual([...again]);
    expect(Math.hypot(...a)).toBeCloseTo(1, 5);
    expect(dot(a, b)).toBeGreaterThan(dot(a, c));
  });
});

describe('choosing a provider', () => {
  const settings = defaultSemanticSettings();
  const smart = () => ({
    modelKey: 'TaylorAI/bge-micro-v2',
    dimensions: 384,
    embed: async () => [],
  });
  const noNetwork = async (): Promise<Response> => {
    throw new Error('tests have no network');
  };
  const emptyModels = () =>
    new ModelInstaller({
      folder: nodeModelFolder('/nonexistent-models'),
      runtime: true,
      fetch: noNetwork,
      records: memoryFirstUseRecords(),
    });
  const web = { ...inProcessEmbedders(), runtime: 'web' as const };

  test('auto: Smart Connections in Obsidian when present, else native; offline headless', () => {
    expect(chooseProvider(settings, { hostKind: 'plugin', smartConnections: smart }).id).toBe(
      'smart-connections:TaylorAI/bge-micro-v2',
    );
    expect(() =>
      chooseProvider(settings, {
        hostKind: 'plugin',
        smartConnections: () => null,
        embedders: web,
        models: emptyModels(),
      }),
    ).toThrow(ModelNotInstalledError);
    expect(
      chooseProvider(settings, { hostKind: 'headless', embedders: inProcessEmbedders() }).id,
    ).toBe('offline:use-lite');
  });

  test('the native model not downloaded: not installed, with its size and how to enable it; nothing fetched', () => {
    let fetched = 0;
    const models = new ModelInstaller({
      folder: nodeModelFolder('/nonexistent-models'),
      runtime: true,
      fetch: async () => {
        fetched++;
        throw new Error('no network');
      },
    });
    const error = (() => {
      try {
        chooseProvider(
          { ...settings, provider: 'native' },
          { hostKind: 'plugin', embedders: web, models, installHint: 'click Download model' },
        );
      } catch (thrown) {
        return thrown;
      }
      return null;
    })();
    expect(error).toBeInstanceOf(ModelNotInstalledError);
    expect((error as ModelNotInstalledError).modelId).toBe('Xenova/all-MiniLM-L6-v2');
    expect((error as Error).message).toContain('Semantic ranking is not installed');
    expect((error as Error).message).toContain('(51 MB)');
    expect((error as Error).message).toContain('click Download model');
    expect(fetched).toBe(0);
  });

  test('explicit choices: the larger models wait for their download; the offline model in Obsidian is unavailable', () => {
    for (const nativeModel of ['embeddinggemma-300m', 'multilingual-e5-base'] as const) {
      const choose = () =>
        chooseProvider(
          { ...settings, provider: 'native', nativeModel },
          { hostKind: 'plugin', embedders: web, models: emptyModels() },
        );
      expect(choose).toThrow(ModelNotInstalledError);
    }
    expect(() =>
      chooseProvider({ ...settings, provider: 'offline' }, { hostKind: 'plugin', embedders: web }),
    ).toThrow('headless server only');
    expect(
      chooseProvider(
        { ...settings, provider: 'offline' },
        { hostKind: 'headless', embedders: inProcessEmbedders() },
      ).dimensions,
    ).toBe(512);
    expect(() =>
      chooseProvider({ ...settings, provider: 'smart-connections' }, { hostKind: 'headless' }),
    ).toThrow(ProviderUnavailableError);
  });
});

describe('Smart Connections access', () => {
  const appWith = (plugin: unknown, enabled = true) => ({
    plugins: {
      enabledPlugins: new Set(enabled ? ['smart-connections'] : []),
      getPlugin: () => plugin,
    },
  });
  const plugin = {
    env: {
      smart_sources: {
        embed_model: {
          model_key: 'TaylorAI/bge-micro-v2',
          dims: 3,
          embed_batch: async (inputs: { embed_input: string }[]) =>
            inputs.map(() => ({ vec: [3, 0, 4] })),
        },
      },
    },
  };

  test('reads the loaded model through a duck-typed view; anything missing is "not installed"', async () => {
    expect(smartConnectionsAccess(null)).toBeNull();
    expect(smartConnectionsAccess({})).toBeNull();
    expect(smartConnectionsAccess(appWith(plugin, false))).toBeNull();
    expect(smartConnectionsAccess(appWith({ env: {} }))).toBeNull();
    const access = smartConnectionsAccess(appWith(plugin));
    expect(access).toMatchObject({ modelKey: 'TaylorAI/bge-micro-v2', dimensions: 3 });
    const provider = smartConnectionsProvider(() => smartConnectionsAccess(appWith(plugin)));
    const [vector] = (await provider?.embed(['hello'], 'document')) ?? [];
    expect([...(vector ?? [])]).toEqual([0.6000000238418579, 0, 0.800000011920929]);
  });

  test('a provider whose plugin went away reports itself unavailable', async () => {
    let present = true;
    const provider = smartConnectionsProvider(() =>
      present ? smartConnectionsAccess(appWith(plugin)) : null,
    );
    present = false;
    const error = await provider?.embed(['x'], 'query').catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(ProviderUnavailableError);
  });
});
